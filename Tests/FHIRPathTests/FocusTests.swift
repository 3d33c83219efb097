import FHIRPath
import Testing

/// `readsFocus`: whether an expression's value depends on the focus it starts from (an SDC item's expressions start
/// from the item, a survey's from the resource; docs/fhir-import.md, "Expressions").
@Suite("Whether an expression starts from its focus")
struct FocusTests {
    @Test(
        "paths from %resource, variables, literals and iif do not; %context, bare paths, $this and bare functions do",
        arguments: [
            ("%resource.item.where(linkId = 'a').answer.value", false),
            ("%weight / (%height * %height)", false),
            ("iif(%a > 1, 'yes', 'no')", false),
            ("today() - 18 years", false),
            ("%resource.item.select(answer.value).sum()", false),
            ("%resource.item.exists(linkId = 'a' and answer.exists())", false),
            ("%context.answer.value", true),
            ("answer.value", true),
            ("item.where(linkId = 'a')", true),
            ("count()", true),
            ("$this", true),
            ("iif(answer.exists(), 1, 0)", true),
            ("%a + answer.value.first()", true),
        ])
    func focus(text: String, reads: Bool) throws {
        #expect(try FHIRPathExpression(parsing: text).readsFocus == reads, "\(text)")
    }
}
