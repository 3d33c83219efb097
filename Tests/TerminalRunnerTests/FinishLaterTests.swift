import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// Issue 19, "Finish later", in the runner: `quit` offers to keep the lines typed so far, and a session restored from
/// them continues as if never left (docs/finish-later.md).
@Suite("Finish later: keeping at quit and restoring a session")
struct FinishLaterTests {
    private let task = Fixtures.checkInTask
    private let runUUID = UUID(uuidString: "5BEC4C88-D0DB-4C12-8D57-7033B014771A")!
    private var header: TranscriptHeader {
        TranscriptHeader(taskIdentifier: "checkin", surveyDigest: "ab", startDate: Fixtures.start, taskRunUUID: runUUID)
    }

    private func freshSession() -> TaskSession {
        TaskSession(task: task, taskRunUUID: runUUID, startDate: Fixtures.start, timeZone: Fixtures.utc)
    }

    /// A run of `lines` that offers to keep at quit; the error or outcome, the run afterwards, and the prompts it
    /// asked.
    private func run(_ lines: [String], offers: Bool = true) -> (
        Result<TerminalRunOutcome, RunError>, TerminalRun<TaskSession>, [String]
    ) {
        let output = CapturedOutput()
        let source = RecordingSource(lines: lines, ending: .endOfInput)
        var run = TerminalRun(
            session: freshSession(), source: source, presenter: Presenter(output: output, style: .plain),
            clock: Fixtures.TickingClock(), parsingContext: Fixtures.context, recording: header)
        run.formats = Fixtures.formats
        run.offersFinishLater = offers
        let outcome = Result { () throws(RunError) in try run.run() }
        return (outcome, run, source.requests.map(\.promptText))
    }

    @Test("quit then y throws quitKeepingAnswers; the transcript holds every line before the quit, not the quit")
    func keeps() {
        let (outcome, run, prompts) = run(["", "11", "4", "quit", "y"])
        #expect(throws: RunError.quitKeepingAnswers) { try outcome.get() }
        #expect(prompts.last == "Keep your answers so far to finish later? [y/N] ")
        #expect(run.transcript?.entries.map(\.text) == ["", "11", "4"])
        #expect(run.transcript?.entries.last?.itemIdentifier == "checkin.form.pain")
    }

    @Test("quit then n, Enter or the end of input abandons; Ctrl-C at the question abandons as interrupted")
    func declines() {
        for lines in [["4", "quit", "n"], ["", "4", "quit", ""], ["", "quit"]] {
            let (outcome, _, _) = run(lines)
            #expect(throws: RunError.quit) { try outcome.get() }
        }
        let output = CapturedOutput()
        var interrupted = TerminalRun(
            session: freshSession(), source: ScriptedLineSource(lines: ["", "quit"], ending: .interrupt),
            presenter: Presenter(output: output, style: .plain), clock: Fixtures.TickingClock(),
            parsingContext: Fixtures.context,
            recording: header)
        interrupted.offersFinishLater = true
        #expect(throws: RunError.interrupted) { try interrupted.run() }
    }

    @Test(
        "An interrupted run keeps its lines once something other than help was typed, and only when it offers finishing later"
    )
    func interruptedKeeps() {
        func interrupted(_ lines: [String], offers: Bool = true) -> TerminalRun<TaskSession> {
            var run = TerminalRun(
                session: freshSession(), source: ScriptedLineSource(lines: lines, ending: .interrupt),
                presenter: Presenter(output: CapturedOutput(), style: .plain), clock: Fixtures.TickingClock(),
                parsingContext: Fixtures.context, recording: header)
            run.formats = Fixtures.formats
            run.offersFinishLater = offers
            run.interruptionsKeepAnswers = true
            #expect(throws: RunError.interrupted) { try run.run() }
            return run
        }
        let answered = interrupted(["", "4"])
        #expect(answered.keepsLinesWhenInterrupted)
        #expect(answered.transcript?.entries.map(\.text) == ["", "4"])
        #expect(interrupted(["help", "?", "", "back"]).keepsLinesWhenInterrupted)  // navigation is progress
        #expect(!interrupted([]).keepsLinesWhenInterrupted)
        #expect(!interrupted(["help", ":help", "?"]).keepsLinesWhenInterrupted)
        #expect(!interrupted(["", "4"], offers: false).keepsLinesWhenInterrupted)
        // A command that does not keep interrupted runs (a replay) keeps nothing, whatever was typed.
        var replay = TerminalRun(
            session: freshSession(), source: ScriptedLineSource(lines: ["", "4"], ending: .interrupt),
            presenter: Presenter(output: CapturedOutput(), style: .plain), clock: Fixtures.TickingClock(),
            parsingContext: Fixtures.context, recording: header)
        replay.formats = Fixtures.formats
        replay.offersFinishLater = true
        #expect(throws: RunError.interrupted) { try replay.run() }
        #expect(!replay.keepsLinesWhenInterrupted)
    }

    @Test("Without the offer, or before anything was typed, quit leaves without asking")
    func noQuestion() {
        let (notOffered, _, prompts) = run(["", "4", "quit", "y"], offers: false)
        #expect(throws: RunError.quit) { try notOffered.get() }
        #expect(prompts.count == 3 && !prompts.contains { $0.hasPrefix("Keep") })
        let (first, _, firstPrompts) = run(["quit", "y"])
        #expect(throws: RunError.quit) { try first.get() }
        #expect(firstPrompts.count == 1 && !firstPrompts.contains { $0.hasPrefix("Keep") })
    }

    @Test(
        "A restored session stands where the participant quit, back reaches the kept answer, and the result is one sitting's"
    )
    func restores() throws {
        let (_, kept, _) = run(["", "4", "quit", "y"])
        let transcript = try #require(kept.transcript)
        let restored = try SessionRestoration.restore(
            transcript, file: "kept.jsonl", into: freshSession(), clock: Fixtures.TickingClock(),
            parsingContext: Fixtures.context,
            rangeOfMotion: nil)
        #expect(restored.prompt?.itemIdentifier == "checkin.form.sleep")
        let output = CapturedOutput()
        var resumed = TerminalRun(
            session: freshSession(), source: ScriptedLineSource(lines: ["back", "6", "8"]),
            presenter: Presenter(output: output, style: .plain), clock: Fixtures.TickingClock(),
            parsingContext: Fixtures.context,
            recording: header)
        resumed.formats = Fixtures.formats
        resumed.resume(restored, from: transcript)
        let outcome = try resumed.run()
        #expect(outcome.result.startDate == Fixtures.start)
        #expect(outcome.result.taskRunUUID == runUUID)
        #expect(outcome.result.results.map(\.identifier) == ["intro", "checkin.form", "done"])
        let form = try #require(outcome.result.stepResult(forStep: "checkin.form"))
        #expect(form.questionResult(forIdentifier: "checkin.form.pain")?.answer == .scale(.integer(6)))
        #expect(form.questionResult(forIdentifier: "checkin.form.sleep")?.answer == .scale(.integer(8)))
        #expect(
            outcome.transcript?.entries.map(\.text) == ["", "4", "back", "6", "8"],
            "kept lines first, then the new ones")
    }

    @Test("Lines that no longer fit the task's prompts are refused as a transcript mismatch")
    func mismatch() {
        var transcript = Transcript(header: header)
        transcript.entries = [
            TranscriptEntry(stepIdentifier: "elsewhere", itemIdentifier: nil, text: "", secondsSinceStart: 0)
        ]
        #expect(throws: RunError.self) {
            try SessionRestoration.restore(
                transcript, file: "kept.jsonl", into: freshSession(), clock: Fixtures.TickingClock(),
                parsingContext: Fixtures.context,
                rangeOfMotion: nil)
        }
    }

    @Test("ask with yesByDefault shows [Y/n], takes Enter as yes and n as no, and the run goes on after either")
    func askDefaultYes() throws {
        for (line, expected) in [("", true), ("n", false), ("YES", true)] {
            let output = CapturedOutput()
            let source = RecordingSource(lines: [line, "4", "8"], ending: .endOfInput)
            var run = TerminalRun(
                session: FakeSession([Fixtures.question("pain"), Fixtures.question("sleep")]), source: source,
                presenter: Presenter(output: output, style: .plain), clock: Fixtures.TickingClock(),
                parsingContext: Fixtures.context)
            run.formats = Fixtures.formats
            #expect(
                try run.ask("Started earlier.", question: "Resume where you left off?", yesByDefault: true) == expected)
            #expect(source.requests.first?.promptText == "Resume where you left off? [Y/n] ")
            #expect(source.ends.isEmpty, "the source stays open for the run")
            #expect(throws: Never.self) { try run.run() }
        }
    }
}
