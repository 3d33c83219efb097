import Catalog
import Foundation
import RegimenFoundation
import ResearchTasks
import TerminalRunner

/// A run whose answers the disk had no room for (docs/store-file.md, "A full disk"): neither the result file nor its
/// copy in the recovery folder could be written. The answers are then only in this process's memory. At a terminal
/// the participant is asked to free some space and try again, as often as they like. Otherwise, or when they stop
/// trying, the lines they gave are printed as a command that gives them again: the last place left to keep them.
extension TaskRunPipeline {
    /// Whether `error` is a run's answers lost to a full disk: written neither where asked nor to the recovery folder.
    static func lostToFullDisk(_ error: RegimenError) -> Bool {
        guard case .answersNotKept(_, let recovery) = error else { return false }
        return recovery.isDiskFull
    }

    /// At a terminal, while `finished` failed for a full disk: says so and asks whether to try saving again once
    /// space is freed, calling `finish` again on yes. Stops at no, or when the question cannot be asked.
    static func retryWhileDiskIsFull<Session: PromptingSession>(
        _ finished: Result<Summary, RegimenError>, run: inout TerminalRun<Session>, resultsDirectory: URL,
        finish: () -> Result<Summary, RegimenError>
    ) -> Result<Summary, RegimenError> {
        var finished = finished
        while case .failure(let error) = finished, lostToFullDisk(error) {
            let statement =
                "The disk holding \(resultsDirectory.path) is full, so your answers could not be saved and "
                + "nothing was stored. They stay in memory while this question waits: free some space (delete files you "
                + "do not need), then try again."
            do throws(RunError) {
                guard try run.askAfterRun(statement, question: "Try saving your answers again?", yesByDefault: true)
                else {
                    return finished
                }
            } catch {
                return finished
            }
            finished = finish()
        }
        return finished
    }

    /// The error that ends a run whose answers were lost to a full disk: it names the disk and carries the command
    /// that gives `lines` again (`printf '%s\n' LINE… | regimen run TASK --date DAY …`) for the same event.
    func answersOnlyInMemory(_ error: RegimenError, lines: [String], commandName: String) -> RegimenError {
        guard case .answersNotKept = error else { return error }
        let day = DayText.iso(day, calendar: environment.calendar)
        let command =
            [commandName, "run", entry.taskIdentifier, "--date", day] + (replace ? ["--replace"] : []) + ingestOptions
        let replay = "printf '%s\\n' " + ShellCommand.line(lines) + " | " + ShellCommand.line(command)
        return .answersOnlyInMemory(
            resultFolder: resultsDirectory.path, recoveryFolder: recoveryDirectory.path, replay: replay)
    }
}
