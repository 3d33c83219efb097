import Testing

@testable import ResearchTasks

@Suite("Boolean format (docs/answer-formats.md, \"Formats and their checks\")")
struct BooleanFormatTests {
    let plain = AnswerFormat.boolean(BooleanFormat())
    let custom = AnswerFormat.boolean(BooleanFormat(yesText: "Agree", noText: "Disagree"))

    @Test("yes/no/y/n/true/false in any case are answers")
    func words() {
        for word in ["yes", "Y", "TRUE", " Yes "] { #expect(plain.answer(word) == .boolean(true), "\(word)") }
        for word in ["no", "N", "false", "NO"] { #expect(plain.answer(word) == .boolean(false), "\(word)") }
    }

    @Test("Custom labels are accepted as well as the usual words")
    func customLabels() {
        #expect(custom.answer("agree") == .boolean(true))
        #expect(custom.answer("DISAGREE") == .boolean(false))
        #expect(custom.answer("y") == .boolean(true))
        #expect(custom.accepted == "Agree (yes) or Disagree (no)")
        #expect(custom.completions(context: FormatFixture.context) == ["Agree", "Disagree"])
        #expect(custom.shown(.boolean(false)) == "Disagree")
    }

    @Test("Other words are refused; a label that is also the other side's word is ambiguous")
    func refusals() {
        #expect(plain.message("maybe") == "maybe is not yes or no: enter yes or no")
        #expect(plain.message("1") == "1 is not yes or no: enter yes or no")
        #expect(plain.message("") == "an answer is needed: enter yes or no")
        let confusing = AnswerFormat.boolean(BooleanFormat(yesText: "No", noText: "Yes"))
        #expect(confusing.answer("no") == nil)
        #expect(confusing.answer("y") == .boolean(true))
    }

    @Test(
        "empty labels fall back to Yes/No; no default; no problems; questionType 7 (docs/answer-formats.md, \"Formats and their checks\")"
    )
    func defaults() {
        let empty = AnswerFormat.boolean(BooleanFormat(yesText: "", noText: ""))
        #expect(empty.completions(context: FormatFixture.context) == ["Yes", "No"])
        #expect(empty.accepted == "yes or no")
        #expect(plain.shown(.boolean(true)) == "Yes")
        #expect(plain.defaultAnswer == nil)
        #expect(plain.validationProblems().isEmpty)
        #expect(plain.questionType.rawValue == 7)
    }
}
