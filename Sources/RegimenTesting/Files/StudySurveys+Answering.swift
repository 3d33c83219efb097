import Catalog
public import Foundation
public import ResearchTasks
import TerminalRunner

extension StudySurveys {
    /// Answers the survey of `task` with `lines`, one line per prompt exactly as piped into `regimen run` (choice
    /// numbers or labels, `skip`, `back`), and returns the run's result tree: calculated items, piped texts, conditions
    /// and pre-filled values work as at the participant's prompt, so a study can check its computed answers and
    /// scores with the extractor's `outcomes(from:createdDate:)`.
    ///
    /// ```swift
    /// let surveys = try StudySurveys.load("../../surveys")
    /// let result = try surveys.answer("phq9", lines: ["2", "1", "0", "3", "1", "0", "2", "1", "0", "2"])
    /// let outcomes = try surveys.declarativeExtractor(forTask: "phq9")!.outcomes(from: result)
    /// #expect(try outcomes.double("phq9.total") == 10)
    /// ```
    ///
    /// - Parameters:
    ///   - task: the task's id.
    ///   - lines: the answers; a line the question refuses is reported and the question asked again, as from a pipe.
    ///   - start: when the run starts; every answer is given at that instant.
    ///   - previous: the previous completed run of the same survey version (`initial: previous`, `%previous`).
    ///   - runUUID: the run's `taskRunUUID`; fixed by default, so the same lines give the same tree.
    /// - Throws: ``OutcomeTestFailure/notInSurveys(task:step:)`` for an unknown task, and
    ///   ``OutcomeTestFailure/runFailed(task:reason:)`` when the lines end before the task does.
    public func answer(
        _ task: String, lines: [String], start: Date = Date(timeIntervalSince1970: 1_767_225_600),
        previous: TaskResult? = nil, runUUID: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
    ) throws(OutcomeTestFailure) -> TaskResult {
        guard let entry = catalog.entry(forTask: task) else { throw .notInSurveys(task: task, step: nil) }
        let session = TaskSession(
            task: entry.task, taskRunUUID: runUUID, startDate: start, timeZone: calendar.timeZone, previous: previous)
        var run = TerminalRun(
            session: session, source: ScriptedLineSource(lines: lines),
            presenter: Presenter(output: DiscardingOutput(), style: .plain), clock: FixedClock(start),
            parsingContext: AnswerParsingContext(calendar: calendar, now: start))
        do {
            return try run.run().result
        } catch {
            throw .runFailed(task: task, reason: error.description)
        }
    }
}
