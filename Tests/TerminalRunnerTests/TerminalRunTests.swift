import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

@Suite("TerminalRun: the prompt loop")
struct TerminalRunTests {
    private let form = [
        Fixtures.question("checkin", item: "pain", form: StepProgress(current: 1, total: 2)),
        Fixtures.question(
            "checkin", item: "sleep", text: "How well did you sleep?", form: StepProgress(current: 2, total: 2)),
        Fixtures.completion(),
    ]

    @Test("an out-of-range answer shows the format's message and asks the same prompt again")
    func rePromptsOnInvalidInput() throws {
        let (outcome, session, output) = Fixtures.run(FakeSession(form), lines: ["11", "4", "8"])
        let result = try outcome.get().result
        #expect(session.answers == [.scale(.integer(4)), .scale(.integer(8))])
        #expect(output.contains("11 is above the maximum 10: enter a whole number from 1 to 10"))
        // The question block is shown once; the re-ask shows only the message.
        #expect(output.components(separatedBy: "Question 1 of 2").count == 2)
        #expect(result.results.map(\.identifier) == ["checkin", "checkin", "done"])
    }

    @Test("the completion step is acknowledged without reading a line")
    func completionNeedsNoLine() throws {
        // Reading a third line would hit the scripted Ctrl-C and fail the run.
        let source = ScriptedLineSource(lines: ["4", "8"], ending: .interrupt)
        let (outcome, session, output) = Fixtures.run(FakeSession(form), source: source)
        _ = try outcome.get()
        #expect(
            session.submissions.last
                == FakeSession.Submission(
                    step: "done", item: nil, input: .noAnswer, date: session.submissions.last!.date))
        #expect(output.contains("All done"))
    }

    @Test("an empty line takes the default and tells the participant")
    func emptyLineTakesDefault() throws {
        let prompts = [Fixtures.question("pain", format: Fixtures.scale(default: 5))]
        let (outcome, session, output) = Fixtures.run(FakeSession(prompts), lines: [""])
        _ = try outcome.get()
        #expect(session.answers == [.scale(.integer(5))])
        #expect(output.contains("Using the default: 5"))
    }

    @Test("an empty line keeps the earlier answer when coming back to a prompt")
    func emptyLineKeepsEarlierAnswer() throws {
        let prompts = [Fixtures.question("pain", previous: .scale(.integer(7)))]
        let (outcome, session, output) = Fixtures.run(FakeSession(prompts), lines: [""])
        _ = try outcome.get()
        #expect(session.answers == [.scale(.integer(7))])
        #expect(output.contains("Keeping the earlier answer: 7"))
    }

    @Test("an empty line leaves an optional question unanswered")
    func emptyLineAtOptionalQuestion() throws {
        let (outcome, session, _) = Fixtures.run(FakeSession([Fixtures.question("pain", optional: true)]), lines: [""])
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.noAnswer])
    }

    @Test("an empty line at a required question is refused, and input ending there names the step and item")
    func requiredQuestionThenEndOfInput() {
        let prompts = [Fixtures.question("checkin", item: "pain", form: StepProgress(current: 1, total: 1))]
        let (outcome, session, output) = Fixtures.run(FakeSession(prompts), lines: [""])
        #expect(throws: RunError.inputEnded(stepIdentifier: "checkin", itemIdentifier: "pain")) { try outcome.get() }
        #expect(session.submissions.isEmpty)
        #expect(output.contains("An answer is required here"))
    }

    @Test("skip is submitted where the prompt allows it, and explained where it does not")
    func skipRules() throws {
        let prompts = [Fixtures.question("a", canSkip: false), Fixtures.question("b", optional: true, canSkip: true)]
        let (outcome, session, output) = Fixtures.run(FakeSession(prompts), lines: ["skip", "3", "SKIP"])
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.answer(.scale(.integer(3))), .skip])
        #expect(output.contains("can't be skipped"))
    }

    @Test("back returns to the earlier prompt; at the first prompt it is refused")
    func backRules() throws {
        let prompts = [Fixtures.question("a", canGoBack: false), Fixtures.question("b")]
        let (outcome, session, output) = Fixtures.run(FakeSession(prompts), lines: ["back", "2", "back", "3", "4"])
        _ = try outcome.get()
        #expect(
            session.submissions.map(\.input) == [
                .answer(.scale(.integer(2))), .back, .answer(.scale(.integer(3))), .answer(.scale(.integer(4))),
            ])
        #expect(output.contains("There is no earlier step to go back to."))
    }

    @Test("a session's refusal is shown as a message and the same prompt is asked again")
    func sessionErrorReprompts() throws {
        // The prompt claims back is possible, the session (at its first prompt) refuses it.
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Fixtures.question("a", canGoBack: true)]), lines: ["back", "1"])
        _ = try outcome.get()
        #expect(session.answers == [.scale(.integer(1))])
        #expect(output.contains("There is no earlier step to go back to."))
    }

    @Test("help lists what may be typed and only the commands allowed here")
    func helpText() throws {
        let prompts = [Fixtures.question("a", canSkip: false, canGoBack: false)]
        let (outcome, _, output) = Fixtures.run(FakeSession(prompts), lines: ["help", "5"])
        _ = try outcome.get()
        #expect(output.contains("Commands:"))
        #expect(output.contains("quit  stop now without saving"))
        #expect(!output.contains("skip  leave"))
        #expect(!output.contains("back  go to"))
    }

    @Test("quit abandons the run with no result")
    func quitAbandons() {
        let (outcome, session, _) = Fixtures.run(FakeSession(form), lines: ["4", "quit"])
        #expect(throws: RunError.quit) { try outcome.get() }
        #expect(session.submissions.count == 1)
    }

    @Test("an interrupt (Ctrl-C) abandons the run")
    func interruptAbandons() {
        let (outcome, _, _) = Fixtures.run(FakeSession(form), lines: ["4"], ending: .interrupt)
        #expect(throws: RunError.interrupted) { try outcome.get() }
    }

    @Test("an instruction continues on an empty line and re-asks on text")
    func instructionNeedsEmptyLine() throws {
        let prompts = [Fixtures.instruction("intro", bullets: ["Takes a minute"]), Fixtures.question("a")]
        let (outcome, session, output) = Fixtures.run(FakeSession(prompts), lines: ["ok", "", "2"])
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.noAnswer, .answer(.scale(.integer(2)))])
        #expect(output.contains("Press Enter (an empty line) to continue"))
        #expect(output.contains("  • Takes a minute"))
    }

    @Test("consent: anything but yes or no is asked again; no declines, yes consents")
    func consent() throws {
        let (outcome, session, output) = Fixtures.run(FakeSession([Fixtures.consent()]), lines: ["maybe", "no"])
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.consent(false)])
        #expect(output.contains("Type yes to consent, or no to decline."))
        #expect(output.contains("I agree to take part."))
        let (agreed, signing, _) = Fixtures.run(FakeSession([Fixtures.consent()]), lines: ["はい"])
        _ = try agreed.get()
        #expect(signing.submissions.map(\.input) == [.consent(true)])
    }

    @Test("consent pages: Enter after a section, a number at a question, a name; anything else is asked again")
    func consentPages() throws {
        let (outcome, session, output) = Fixtures.run(
            FakeSession([
                Fixtures.consent("a", stage: .section(0)), Fixtures.consent("b", stage: .givenName),
            ]), lines: ["yes", "", "", "Ada"])
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.noAnswer, .consentName("Ada")])
        #expect(output.contains("Press Enter to continue."))
        #expect(output.contains("Your name is needed to sign."))
    }

    @Test("a choice's number is accepted as its label")
    func numberedChoice() throws {
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Fixtures.question("activity", format: Fixtures.choices)]), lines: ["3", "2"])
        _ = try outcome.get()
        #expect(session.answers == [.choices([.string("rest")])])
        #expect(output.contains("  2. Very light rest"))
        #expect(output.contains("not one of the choices"))
    }

    @Test("a leading backslash answers with a command word")
    func escapedCommandWord() throws {
        let prompts = [Fixtures.question("where", format: .text(TextFormat()))]
        let (outcome, session, _) = Fixtures.run(FakeSession(prompts), lines: ["\\back"])
        _ = try outcome.get()
        #expect(session.answers == [.text("back")])
    }

    @Test("a range-of-motion prompt delegates to the injected interpreter and completes file names")
    func rangeOfMotion() throws {
        let measured = RangeOfMotionResult(
            identifier: "knee", startDate: Fixtures.start, endDate: Fixtures.start, start: 0, finish: 90, minimum: 0,
            maximum: 90, range: 90)
        let interpreter = RangeOfMotionInterpreter(inputDescription: "a goniometer reading in degrees") { request in
            guard let degrees = Double(request.line), request.content.joint == .knee else {
                return .failure(AnswerInputError(message: "enter a reading in degrees"))
            }
            var result = measured
            result.range = degrees
            return .success(.rangeOfMotion(result, recording: nil))
        }
        let source = ScriptedLineSource(lines: ["x", "75"])
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Fixtures.rangeOfMotion()]), source: source, rangeOfMotion: interpreter)
        _ = try outcome.get()
        var expected = measured
        expected.range = 75
        #expect(session.submissions.map(\.input) == [.rangeOfMotion(expected, recording: nil)])
        #expect(output.contains("enter a reading in degrees"))
        #expect(output.contains("Enter a goniometer reading in degrees."))
    }

    @Test("Tab offers the prompt's choices and the commands allowed there; file names at range of motion")
    func completionSets() throws {
        let prompts = [
            Fixtures.question("activity", format: Fixtures.choices, canSkip: true), Fixtures.consent(),
            Fixtures.rangeOfMotion(),
        ]
        let source = SpySource(lines: ["Walk", "yes"])
        _ = Fixtures.run(FakeSession(prompts), source: source)
        #expect(
            source.requests.map(\.completion) == [
                .words(["Walk", "Very light rest", "back", "skip", "help", "quit"]),
                .words(["yes", "no", "back", "help", "quit"]),
                .fileNames,
            ])
    }
}

/// A source kept by reference, so a test can see every request after the run.
private final class SpySource: LineSource {
    var lines: [String]
    var requests: [LineRequest] = []
    init(lines: [String]) { self.lines = lines }
    func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        requests.append(request)
        return lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }
}
