import Catalog
import Foundation
import ResearchTasks
import TerminalRunner

extension UnfinishedRun {
    /// Whether `url` names a kept run's file (`unfinished….jsonl`), or a run's journal in the same form
    /// (`in-progress….jsonl`), rather than a result file.
    static func isKeptRunFile(_ url: URL) -> Bool {
        name.matches(url.lastPathComponent) || InProgressRun.name.matches(url.lastPathComponent)
    }

    /// The answers so far, as the result tree of the steps finished before the participant quit (docs/finish-later.md):
    /// the kept lines replayed into a fresh session of `entry`'s task; it ends at the last kept line.
    func resultSoFar(of entry: CatalogEntry, environment: RegimenEnvironment) throws(RegimenError) -> TaskResult {
        let header = transcript.header
        let session = TaskSession(
            task: entry.task, taskRunUUID: header.taskRunUUID, startDate: header.startDate,
            timeZone: environment.timeZone)
        let restored: TaskSession
        do throws(RunError) {
            restored = try SessionRestoration.restore(
                transcript, file: url.path, into: session, clock: environment.clock,
                parsingContext: AnswerParsingContext(
                    calendar: environment.calendar, now: header.startDate, locale: entry.languages?.shownLocale),
                rangeOfMotion: nil)
        } catch {
            throw RegimenError.run(error, task: entry.taskIdentifier, title: entry.title)
        }
        let last = transcript.entries.last?.secondsSinceStart ?? 0
        return restored.result(endDate: header.startDate.addingTimeInterval(last))
    }
}
