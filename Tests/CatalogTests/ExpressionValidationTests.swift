import Foundation
import Testing

@testable import Catalog

/// Every expression problem is found when the survey is loaded (`regimen validate`), as `path: column: problem`,
/// never at the participant's prompt (docs/expressions.md, "Checks at validate").
@Suite("Survey expressions: problems reported at load as path: column: problem")
struct ExpressionValidationTests {
    static func problems(_ steps: String, extra: String = "") throws -> [String] {
        try CatalogFixture.problemLines(
            """
            id: t
            title: T
            \(extra)
            steps:
            \(steps)
            """)
    }

    static let twoItems = """
          - form: f
            items:
              - { id: a, integer: {} }
              - { id: b, integer: {} }
        """

    @Test("A syntax error gives its column, or line:column past the first line")
    func syntaxError() throws {
        #expect(
            try Self.problems(Self.twoItems + "\n      - { id: c, calculated: \"%a + sume(1)\", integer: {} }") == [
                "steps[0].items[2].calculated: 6: unknown function 'sume'"
            ])
        #expect(
            try Self.problems(Self.twoItems + "\n      - { id: c, calculated: \"%a +\\n  (1\", integer: {} }") == [
                "steps[0].items[2].calculated: 2:5: expected ')', found the end of the expression"
            ])
    }

    @Test("An unknown variable is named, with a suggestion; %answered is only for scores")
    func unknownVariable() throws {
        #expect(
            try Self.problems(Self.twoItems + "\n      - { id: c, calculated: \"%aa + %answered\", integer: {} }") == [
                "steps[0].items[2].calculated: unknown variable %aa (did you mean %a?)",
                "steps[0].items[2].calculated: %answered is defined only in an outcome's score",
            ])
    }

    @Test("A question that comes later, or a variable defined later, is a forward reference")
    func forwardReference() throws {
        #expect(
            try Self.problems(
                """
                  - form: f
                    items:
                      - { id: a, calculated: "%b * 2", integer: {} }
                      - { id: b, integer: {}, enabledWhen: { expression: "%b > 1" } }
                """,
                extra: """
                    variables:
                      - { name: first, expression: "%second + 1" }
                      - { name: second, expression: "%a" }
                    """) == [
                    "variables[0].expression: variable %second is used before it is defined",
                    "steps[0].items[0].calculated: %b names a question that comes later; an expression reads only the answers before it",
                    "steps[0].items[1].enabledWhen.expression: %b names a question that comes later; an expression reads only the answers before it",
                ])
    }

    @Test("A path comparing linkId with a string no question or group has is reported; a group's linkId is known")
    func pathToNothing() throws {
        #expect(
            try Self.problems(
                Self.twoItems
                    + "\n      - { id: c, calculated: \"item.where(linkId = 'f').item.where(linkId = 'bb').answer.value\", integer: {} }"
            ) == ["steps[0].items[2].calculated: no question or group has the linkId 'bb'"])
    }

    @Test("A cycle of calculated items and variables is reported once")
    func cycle() throws {
        let problems = try Self.problems(
            """
              - form: f
                items:
                  - { id: a, integer: {} }
                  - { id: total, calculated: "%a + %bonus", integer: {} }
            """,
            extra: """
                variables:
                  - { name: bonus, expression: "%total * 2" }
                """)
        #expect(problems == ["variables[0].expression: a cycle of calculated values: %bonus → %total → %bonus"])
    }

    @Test("Hostile expressions: 10,000-deep nesting and a 1 MB expression are refused at load")
    func hostile() throws {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        let deepProblems = try Self.problems(
            Self.twoItems + "\n      - { id: c, calculated: \"\(deep)\", integer: {} }")
        #expect(deepProblems.count == 1)
        #expect(deepProblems.first?.hasPrefix("steps[0].items[2].calculated: ") == true)
        #expect(deepProblems.first?.hasSuffix("the expression nests deeper than 100 levels") == true)
        let long = "%a" + String(repeating: " + 1", count: 250_000)
        #expect(
            try Self.problems(Self.twoItems + "\n      - { id: c, calculated: \"\(long)\", integer: {} }") == [
                "steps[0].items[2].calculated: 1: the expression is longer than 65536 bytes"
            ])
    }

    @Test("Piping: an unterminated {{ and a bad expression inside one are reported at the text")
    func piping() throws {
        #expect(
            try Self.problems(
                """
                  - question: q
                    questionText: "Before {{ %nothing }} and {{ 1 +"
                    integer: {}
                """) == [
                    "steps[0].questionText: 27: unterminated {{ (no }} after it; write \\{{ for {{ itself)"
                ])
        #expect(
            try Self.problems(
                """
                  - question: q
                    questionText: "Before {{ %nothing }}"
                    integer: {}
                """) == ["steps[0].questionText: unknown variable %nothing"])
    }

    @Test("A score's missing rule names existing items; atLeast is within their number")
    func scoreRule() throws {
        #expect(
            try Self.problems(
                Self.twoItems,
                extra: """
                    outcomes:
                      - { kind: s, score: "%items.sum()", missing: { items: [f/a, f/zz], atLeast: 3 } }
                    """) == ["outcomes[0].missing.items[1]: step \"f\" has no result \"zz\""])
        #expect(
            try Self.problems(
                Self.twoItems,
                extra: """
                    outcomes:
                      - { kind: s, score: "%items.sum()", missing: { items: [f/a, f/b], atLeast: 3 } }
                    """) == ["outcomes[0].missing.atLeast: must be between 1 and the number of items (2)"])
    }
}
