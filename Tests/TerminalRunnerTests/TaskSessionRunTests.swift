import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

@Suite("TerminalRun with the real TaskSession")
struct TaskSessionRunTests {
    private let task = Fixtures.checkInTask

    private func run(_ lines: [String], recording: TranscriptHeader? = nil) -> Result<TerminalRunOutcome, RunError> {
        let session = TaskSession(
            task: task, taskRunUUID: UUID(), startDate: Fixtures.start, timeZone: TimeZone(identifier: "UTC")!)
        var run = TerminalRun(
            session: session, source: ScriptedLineSource(lines: lines),
            presenter: Presenter(output: CapturedOutput(), style: .plain), clock: Fixtures.TickingClock(),
            parsingContext: Fixtures.context, recording: recording)
        run.formats = Fixtures.formats
        return Result { () throws(RunError) in try run.run() }
    }

    @Test("instruction, re-asked form item, back, and completion produce the form's two answers")
    func fullRun() throws {
        let result = try run(["", "11", "4", "back", "", "8"]).get().result
        #expect(result.results.map(\.identifier) == ["intro", "checkin.form", "done"])
        let form = try #require(result.stepResult(forStep: "checkin.form"))
        #expect(form.questionResult(forIdentifier: "checkin.form.pain")?.answer == .scale(.integer(4)))
        #expect(form.questionResult(forIdentifier: "checkin.form.sleep")?.answer == .scale(.integer(8)))
    }

    @Test("input ending at the second form item names the step and that item")
    func endsEarly() {
        #expect(throws: RunError.inputEnded(stepIdentifier: "checkin.form", itemIdentifier: "checkin.form.sleep")) {
            try run(["", "4"]).get()
        }
    }
}
