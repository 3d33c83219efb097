import Foundation
import Testing

@testable import ResearchTasks

/// `OrderedTask.canBypass(step:)`: whether some way through a task never enters a step (docs/navigation.md).
@Suite("Bypassable steps: navigation and skip rules that route around a step")
struct BypassTests {
    @Test("Without rules every step is entered; an unknown step counts as bypassed")
    func linear() {
        let task = NavigationTests.headacheTask()
        let plain = OrderedTask(identifier: "plain", steps: task.steps)
        #expect(plain.steps.allSatisfy { !plain.canBypass(step: $0.identifier) })
        #expect(plain.canBypass(step: "nowhere"))
    }

    @Test(
        "The headache task (testNavigableOrderedTask; docs/navigation.md, \"Ported ResearchKit tests\"): only its first step is on every path; blank_b is never reached"
    )
    func headache() {
        let task = NavigationTests.headacheTask()
        #expect(!task.canBypass(step: "symptom"))
        #expect(!task.canBypass(step: "end"))  // every branch goes through end
        for step in ["severity", "severe_headache", "light_headache", "other_symptom", "blank_b"] {
            #expect(task.canBypass(step: step), "\(step)")
        }
    }

    @Test("A skip rule makes its step bypassable, and the skipped step's own rule still applies (row 16)")
    func skipRules() {
        #expect(NavigationTests.headacheTask(skipEndWhenHeadache: true).canBypass(step: "end"))
        let skipsLight = NavigationTests.headacheTask(skipLight: true)
        #expect(skipsLight.canBypass(step: "light_headache"))
        #expect(!skipsLight.canBypass(step: "symptom"))
    }

    @Test("A direct rule to the end bypasses every later step; a loop back does not invent a bypass")
    func directRules() {
        func instruction(_ id: String) -> Step { Step(identifier: id, content: .instruction(InstructionContent())) }
        let steps = ["a", "b", "c"].map(instruction)
        let ends = OrderedTask(identifier: "t", steps: steps, navigationRules: ["a": .direct(StepDestination.end)])
        #expect(!ends.canBypass(step: "a"))
        #expect(ends.canBypass(step: "b") && ends.canBypass(step: "c"))
        let loops = OrderedTask(identifier: "t", steps: steps, navigationRules: ["b": .direct("a")])
        // a → b → a → …: the task never ends, so no finished run skips b (nor reaches c).
        #expect(!loops.canBypass(step: "b"))
    }

    @Test("mayHaveResult: a step read by a rule must be answerable by the time the rule runs")
    func resultsAvailableToRules() {
        let task = NavigationTests.headacheTask(skipLight: true)
        #expect(task.mayHaveResult(of: "symptom", whenLeaving: "symptom"))
        #expect(task.mayHaveResult(of: "symptom", whenLeaving: "severity"))
        #expect(!task.mayHaveResult(of: "severity", whenLeaving: "symptom"))
        #expect(task.mayHaveResult(of: "symptom", whenReaching: "light_headache"))
        #expect(!task.mayHaveResult(of: "light_headache", whenReaching: "light_headache"))
        #expect(!task.mayHaveResult(of: "blank_b", whenLeaving: "end"))
    }

    @Test("Predicates on results that are missing are false, as in ResearchKit (a NOT of one is true)")
    func missingResultPredicates() {
        let walked = ResultSelector(resultIdentifier: "walked")
        let empty = TaskResult(identifier: "t", taskRunUUID: UUID(), startDate: .distantPast, endDate: .distantPast)
        #expect(!ResultPredicate.result(walked, .booleanEquals(false)).evaluate(in: empty))
        #expect(!ResultPredicate.result(walked, .isNil).evaluate(in: empty))
        #expect(ResultPredicate.not(.result(walked, .booleanEquals(false))).evaluate(in: empty))
        // Continued without an answer: a step result with no question result, still no match.
        var unanswered = empty
        unanswered.results = [
            StepResult(identifier: "walked", startDate: .distantPast, endDate: .distantPast, results: [])
        ]
        #expect(!ResultPredicate.result(walked, .booleanEquals(false)).evaluate(in: unanswered))
        #expect(!ResultPredicate.result(walked, .isNil).evaluate(in: unanswered))
    }
}
