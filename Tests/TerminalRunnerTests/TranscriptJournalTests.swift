import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// The run's journal (docs/finish-later.md, "When the program is stopped"): whenever the run waits for a line at a
/// question, every line recorded so far has been handed to the journal, so a process killed while it waits loses
/// nothing typed; the `quit` that asks whether to keep never reaches it.
@Suite("Transcript journal: every line written before the next is read")
struct TranscriptJournalTests {
    /// A journal holding what it was given; fails on the `failingAt`th write (1-based) when set.
    final class MemoryJournal: TranscriptJournal {
        var entries: [TranscriptEntry] = []
        var writes = 0
        var failingAt: Int?
        func record(_ entries: ArraySlice<TranscriptEntry>) throws(TranscriptError) {
            writes += 1
            if writes == failingAt {
                throw .file(.cannotWrite(path: "/results/in-progress.jsonl", errno: .noSpace))
            }
            self.entries += entries
        }
    }

    /// A source that notes, at each read, which lines the journal holds.
    final class WatchingSource: LineSource {
        private var lines: [String]
        let journal: MemoryJournal
        var heldAtEachRead: [[String]] = []
        init(lines: [String], journal: MemoryJournal) {
            self.lines = lines
            self.journal = journal
        }
        func begin() throws(RunError) {}
        func end(completed: Bool) throws(RunError) {}
        func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
            heldAtEachRead.append(journal.entries.map(\.text))
            return lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
        }
    }

    private let header = TranscriptHeader(
        taskIdentifier: "checkin", surveyDigest: "ab", startDate: Fixtures.start,
        taskRunUUID: UUID(uuidString: "5BEC4C88-D0DB-4C12-8D57-7033B014771A")!)

    private func run(
        _ session: FakeSession, lines: [String], journal: MemoryJournal, resumingFrom kept: Transcript? = nil
    ) -> (Result<TerminalRunOutcome, RunError>, WatchingSource, String) {
        let source = WatchingSource(lines: lines, journal: journal)
        let output = CapturedOutput()
        var run = TerminalRun(
            session: session, source: source, presenter: Presenter(output: output, style: .plain),
            clock: Fixtures.TickingClock(), parsingContext: Fixtures.context, recording: header)
        run.formats = Fixtures.formats
        run.offersFinishLater = true
        if let kept { run.resume(session, from: kept) }
        run.journal = journal
        let outcome = Result { () throws(RunError) in try run.run() }
        return (outcome, source, output.text)
    }

    @Test("At each question the journal holds every line typed before it, invalid ones and navigation included")
    func beforeEachRead() throws {
        let journal = MemoryJournal()
        let prompts = [Fixtures.question("pain"), Fixtures.question("sleep")]
        let (outcome, source, _) = run(FakeSession(prompts), lines: ["11", "4", "back", "5", "7"], journal: journal)
        let transcript = try #require(try outcome.get().transcript)
        #expect(source.heldAtEachRead == [[], ["11"], ["11", "4"], ["11", "4", "back"], ["11", "4", "back", "5"]])
        #expect(
            journal.entries.map(\.text) == ["11", "4", "back", "5"],
            "the last line finished the task: the result holds it")
        #expect(
            journal.entries == Array(transcript.entries.prefix(4)),
            "the journal's lines are the recording's, times included")
    }

    @Test("The quit line never reaches the journal, whether the answers are then kept or not")
    func quitNotJournaled() {
        for answer in ["y", "n"] {
            let journal = MemoryJournal()
            let (outcome, source, _) = run(
                FakeSession([Fixtures.question("pain"), Fixtures.question("sleep")]), lines: ["4", "quit", answer],
                journal: journal)
            #expect(throws: answer == "y" ? RunError.quitKeepingAnswers : RunError.quit) { try outcome.get() }
            #expect(
                source.heldAtEachRead.last == ["4"], "at the keep question the journal holds the answer, not the quit")
            #expect(journal.entries.map(\.text) == ["4"])
        }
    }

    @Test("Each line of a many-line answer is in the journal before the next is read")
    func continuationLines() {
        let journal = MemoryJournal()
        let note = Fixtures.question(
            "note", format: .text(TextFormat(maximumLength: 40, multipleLines: true)), optional: true)
        let (_, source, _) = run(
            FakeSession([note, Fixtures.question("pain")]), lines: ["Knee stiff", "at night", "", "4"], journal: journal
        )
        #expect(
            source.heldAtEachRead == [[], ["Knee stiff"], ["Knee stiff", "at night"], ["Knee stiff", "at night", ""]])
    }

    @Test("A resumed run's journal starts with the kept lines, before the first new question")
    func resumedRun() {
        let journal = MemoryJournal()
        let kept = Transcript(
            header: header,
            entries: [
                TranscriptEntry(stepIdentifier: "pain", itemIdentifier: nil, text: "6", secondsSinceStart: 3)
            ])
        let (_, source, _) = run(
            FakeSession([Fixtures.question("sleep")]), lines: ["8"], journal: journal, resumingFrom: kept)
        #expect(source.heldAtEachRead == [["6"]])
    }

    @Test("When the journal cannot be written the participant is told once, without the answer, and the run goes on")
    func failingJournal() throws {
        let journal = MemoryJournal()
        journal.failingAt = 2
        let prompts = [Fixtures.question("pain"), Fixtures.question("sleep"), Fixtures.question("mood")]
        let (outcome, _, output) = run(FakeSession(prompts), lines: ["4", "7", "3"], journal: journal)
        let transcript = try #require(try outcome.get().transcript)
        #expect(transcript.entries.map(\.text) == ["4", "7", "3"], "the recording is whole")
        #expect(journal.writes == 2, "no write after the failed one")
        let warning =
            "Your answers can no longer be saved as you go (/results/in-progress.jsonl: cannot be written (No space "
            + "left on device)); quit and keep them, or finish, to save them."
        let warnings = output.split(separator: "\n").filter { $0.contains("saved as you go") }
        #expect(warnings.count == 1, "said once: \(output)")
        #expect(
            warnings.first.map { $0.hasSuffix(warning) } == true, "the whole line, which holds no answer: \(output)")
    }
}
