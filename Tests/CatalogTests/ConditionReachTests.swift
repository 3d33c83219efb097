import Foundation
import Testing

@testable import Catalog

/// validate flags rule conditions that read a step no way through the task has answered when the rule runs: such a
/// condition is always false, as a ResearchKit predicate on a missing result is (issue 11 item 1, docs/navigation.md).
@Suite("Rule conditions that can never hold")
struct ConditionReachTests {
    static let steps = """
        id: t
        title: T
        steps:
          - question: first
            boolean: {}
          - question: second
            boolean: {}
          - question: third
            boolean: {}
          - completion: done

        """

    @Test("A navigation rule or a skip rule reading a later step is reported at the rule, naming both steps")
    func laterStepsReported() throws {
        let lines = try CatalogFixture.problemLines(
            Self.steps + """
                navigation:
                  - after: first
                    rules:
                      - when: { all: [{ result: first, booleanEquals: true }, { result: third, booleanEquals: true }] }
                        goto: done
                skip:
                  - step: second
                    when: { not: { result: second, booleanEquals: true } }
                """)
        #expect(
            lines == [
                #"navigation[0]: a condition reads step "third", which is never answered by the time "first" is left, so it can never hold"#,
                #"skip[0]: a condition reads step "second", which is never answered before "second" is reached, so it can never hold"#,
            ])
    }

    @Test("Earlier steps, the rule's own step, steps answered on only some ways, and other tasks are fine")
    func readableConditions() throws {
        let lines = try CatalogFixture.problemLines(
            Self.steps + """
                navigation:
                  - after: first
                    rules:
                      - when: { result: first, booleanEquals: true }
                        goto: third
                  - after: third
                    rules:
                      - when: { result: second, booleanEquals: true }
                        goto: done
                skip:
                  - step: third
                    when: { any: [{ result: first, isNil: true }, { result: second, booleanEquals: false }] }
                """)
        #expect(lines.isEmpty)
        let shipped = CatalogFixture.problems(CatalogFixture.surveysDirectory)
        #expect(shipped.isEmpty, "\(shipped)")
    }
}
