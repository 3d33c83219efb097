import Catalog
import ResearchTasks
import Testing

/// The `linkId:` key of question, form and instruction steps, form items and groups: the original FHIR linkId, a
/// non-empty string unique in the survey together with the ids that have none (surveys/README.md, "FHIR").
@Suite("Survey format: linkId")
struct LinkIdDecodingTests {
    @Test("linkId decodes on question, form and instruction steps, form items and groups; absent, it is nil")
    func decodes() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            steps:
              - { instruction: intro, linkId: "/intro", text: Hello }
              - { question: q1, linkId: "/q 1", boolean: {} }
              - form: f
                linkId: /f
                items:
                  - { id: a, linkId: /f/a, boolean: {} }
                  - group: g
                    linkId: /f/g
                    items:
                      - { id: b, boolean: {} }
              - { question: plain, boolean: {} }
            """)
        let steps = entry.task.steps
        #expect(steps.map(\.linkId) == ["/intro", "/q 1", "/f", nil])
        guard case .form(let form) = steps[2].content, case .item(let item) = form.elements[0],
            case .group(let group) = form.elements[1], case .item(let inner) = group.elements[0]
        else {
            Issue.record("the form's elements are not an item and a group holding an item")
            return
        }
        #expect(item.linkId == "/f/a")
        #expect(group.linkId == "/f/g")
        #expect(inner.linkId == nil)
    }

    @Test(
        "an empty linkId, one that is not a string, and one another element uses (as linkId or id) are reported at it")
    func misuses() throws {
        let problems = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps:
              - { question: q1, linkId: "", boolean: {} }
              - { question: q2, linkId: [x], boolean: {} }
              - { question: q3, linkId: /same, boolean: {} }
              - form: f
                items:
                  - { id: a, linkId: /same, boolean: {} }
                  - { id: b, linkId: f2, boolean: {} }
                  - group: g
                    items:
                      - { id: c, linkId: f, boolean: {} }
              - form: f2
                items:
                  - { id: a, boolean: {} }
              - { completion: done, linkId: x }
            """)
        #expect(
            problems == [
                "steps[0].linkId: must not be empty",
                "steps[1].linkId: must be a string, found a list",
                "steps[5]: unknown key \"linkId\"",
                "steps[3].items[0].linkId: duplicate linkId \"/same\" (already the linkId at steps[2].linkId)",
                "steps[3].items[1].linkId: duplicate linkId \"f2\" (already the id at steps[4].form)",
                "steps[3].items[2].items[0].linkId: duplicate linkId \"f\" (already the id at steps[3].form)",
            ])
    }
}
