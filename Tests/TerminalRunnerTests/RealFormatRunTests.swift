import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// The runner with the answer formats' own rules (docs/answer-formats.md), as the CLI uses it.
@Suite("TerminalRun with the real answer formats")
struct RealFormatRunTests {
    @Test("scale 1…10: 11 is refused with the format's message, then 4 is taken (docs/answer-formats.md, \"Scales\")")
    func scaleOutOfRange() throws {
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Fixtures.question("pain")]), lines: ["11", "4"], formats: .standard)
        _ = try outcome.get()
        #expect(session.answers == [.scale(.integer(4))])
        #expect(output.contains("11 is above the maximum 10"))
        #expect(output.contains("Enter a whole number from 1 to 10"))
    }

    @Test("an empty line takes the scale's default and names it")
    func scaleDefault() throws {
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Fixtures.question("pain", format: Fixtures.scale(default: 5))]), lines: [""],
            formats: .standard)
        _ = try outcome.get()
        #expect(session.answers == [.scale(.integer(5))])
        #expect(output.contains("Using the default: 5"))
    }

    @Test("a choice is taken by its number or its label")
    func choices() throws {
        let prompts = [
            Fixtures.question("a", format: Fixtures.choices), Fixtures.question("b", format: Fixtures.choices),
        ]
        let (outcome, session, _) = Fixtures.run(FakeSession(prompts), lines: ["2", "walk"], formats: .standard)
        _ = try outcome.get()
        #expect(session.answers == [.choices([.string("rest")]), .choices([.string("walk")])])
    }

    @Test("Tab offers yes and no at a boolean question")
    func booleanCompletion() {
        let words = AnswerFormat.boolean(BooleanFormat()).completionWords(context: Fixtures.context).map {
            $0.lowercased()
        }
        #expect(words.contains("yes"))
        #expect(words.contains("no"))
    }
}
