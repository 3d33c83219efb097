import CareModel
import CareStore
import Catalog
import Foundation
import OutcomeMapping
import RegimenFoundation
import ResearchTasks
import SystemPackage
import TerminalRunner

/// One run (or replay) of a task, from the care store's event to the written result and the stored outcome.
struct TaskRunPipeline {
    let workspace: Workspace
    let entry: CatalogEntry
    let catalog: Catalog
    let store: CareStore
    let resultsDirectory: URL
    /// The day whose event receives the outcome.
    let day: Date
    /// Whether an existing outcome may be replaced.
    var replace: Bool
    /// Options of this run that a printed `ingest` command must repeat (`--store`, `--surveys`).
    var ingestOptions: [String] = []

    var environment: RegimenEnvironment { workspace.environment }
    private var writer: EventOutcomeWriter { EventOutcomeWriter(store: store, calendar: environment.calendar) }

    /// The event the run will be stored on, or nil when the task has none that day (or no schedule).
    func event() throws(RegimenError) -> Event? {
        guard entry.schedule != nil else { return nil }
        return try writer.event(of: entry.taskIdentifier, onDayOf: day)
    }

    /// What `finish` did with the run.
    struct Summary {
        var resultFile: URL
        var stored: Outcome?
        var note: String?
    }

    /// Writes the result file (and the recordings it references), then extracts and stores the outcome in one
    /// transaction. Extraction problems keep the result file and store nothing. When the result file cannot be written
    /// where asked, the result goes to a recovery file under `$REGIMEN_HOME/recovered` instead and nothing is stored;
    /// when a later step fails, the result file stays. Either way the error names the file and the `ingest` command
    /// that stores it.
    func finish(_ result: TaskResult, recordings: [RangeOfMotionInput.KeptRecording]) throws(RegimenError) -> Summary {
        let result = recordingLanguage(result)
        let file: URL
        do throws(FileError) {
            let written = try ResultFiles.write(
                result, timeZone: environment.timeZone, to: FilePath(resultsDirectory.path))
            file = URL(fileURLWithPath: written.string)
        } catch {
            throw recover(result, after: .file(error))
        }
        do {
            return try store(result, writtenTo: file, recordings: recordings)
        } catch {
            // a problem of the result itself: ingesting it fails the same way
            if case .extraction = error { throw error }
            throw .answersKept(error, file: file.path, ingestOptions: ingestOptions)
        }
    }

    /// The result with the language its survey was shown in as `userInfo.language` (a BCP 47 tag), when the survey
    /// names its languages (docs/languages.md); answers hold choice values, never texts, so nothing else differs.
    func recordingLanguage(_ result: TaskResult) -> TaskResult {
        guard let shown = entry.languages?.shown else { return result }
        var result = result
        var userInfo = result.userInfo ?? [:]
        userInfo["language"] = .string(shown.description)
        result.userInfo = userInfo
        return result
    }

    /// The folder recovery files go to: `$REGIMEN_HOME/recovered` (created 0700; files 0600).
    var recoveryDirectory: URL { environment.home.appendingPathComponent("recovered", isDirectory: true) }

    private func store(
        _ result: TaskResult, writtenTo file: URL, recordings: [RangeOfMotionInput.KeptRecording]
    ) throws(RegimenError) -> Summary {
        try keep(recordings, referencedBy: result, beside: file)
        // A task without an extractor still marks its event done: an outcome with no values (CareKit's rule).
        let values: [OutcomeValue]
        do throws(ExtractionError) {
            values = try workspace.extractors(for: catalog).values(of: result, createdDate: result.endDate) ?? []
        } catch {
            throw .extraction(task: entry.taskIdentifier, file: file.path, error)
        }
        guard let event = try event() else {
            let dayText = DayText.long(day, calendar: environment.calendar)
            return Summary(
                resultFile: file, stored: nil,
                note: "no \(entry.title) event is scheduled on \(dayText); no outcome was stored")
        }
        if let existing = event.outcome, existing.taskRunUUID == result.taskRunUUID {
            return Summary(resultFile: file, stored: existing, note: "this run's outcome was already stored")
        }
        // SQLite keeps writing to a store file removed during the run, into a file nobody can open again.
        if let path = store.path, !FileManager.default.fileExists(atPath: path.string) {
            throw .storeFileGone(path: path)
        }
        let outcome = try writer.store(
            values, on: event, taskRunUUID: result.taskRunUUID, resultFile: file.path, createdDate: result.endDate,
            replace: replace, append: entry.logged
        )
        return Summary(resultFile: file, stored: outcome, note: nil)
    }

    /// Saves the result to the recovery folder after `failure`; the error to report either way.
    private func recover(_ result: TaskResult, after failure: RegimenError) -> RegimenError {
        do {
            let kept = try ResultFiles.write(
                result, timeZone: environment.timeZone, to: FilePath(recoveryDirectory.path))
            return .answersKept(failure, file: kept.string, ingestOptions: ingestOptions)
        } catch {
            return .answersNotKept(failure, recovery: error)
        }
    }

    /// Copies the device-motion recordings the result references beside the result file (mode 0600).
    private func keep(
        _ recordings: [RangeOfMotionInput.KeptRecording], referencedBy result: TaskResult, beside file: URL
    ) throws(RegimenError) {
        let referenced = Set(
            result.results.flatMap(\.results).compactMap { child -> String? in
                if case .file(let file) = child { file.fileName } else { nil }
            })
        let folder = file.deletingLastPathComponent()
        for recording in recordings where referenced.contains(recording.fileName) {
            let target = folder.appendingPathComponent(recording.fileName)
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            do throws(FileError) {
                let bytes = try FileBytes.read(FilePath(recording.source.path))
                _ = try PrivateFiles.writeNew(bytes: bytes, firstFreeOf: [FilePath(target.path)])
            } catch {
                throw .file(error)
            }
        }
    }
}

extension TaskRunPipeline {
    /// Options a printed `ingest` command repeats: the store and survey folder given to the run.
    static func ingestOptions(store: String?, surveys: String?, _ environment: RegimenEnvironment) -> [String] {
        var options: [String] = []
        if let store { options += ["--store", environment.url(forPath: store).path] }
        if let surveys { options += ["--surveys", environment.url(forPath: surveys, isDirectory: true).path] }
        return options
    }
}

extension TaskRunPipeline {
    /// The previous completed run of this task and survey version, for `%previous` and `initial: previous`
    /// (docs/expressions.md, "The previous run"): the result file of the newest outcome of the task stored on a task
    /// version defined by this very survey file (same digest). A run of another version of the survey is never
    /// offered. A replay passes the run it replays: its own outcome, and those stored after it started, are passed
    /// over, so that it sees what the run saw. A note says when that file cannot be read.
    func previousRun(replaying replayed: (runUUID: UUID, start: Date)? = nil) -> (result: TaskResult?, note: String?) {
        guard entry.task.readsPreviousRun else { return (nil, nil) }
        do throws(CareStoreError) {
            for outcome in try store.outcomes(taskID: entry.taskIdentifier) {
                if let replayed, outcome.taskRunUUID == replayed.runUUID || outcome.createdDate >= replayed.start {
                    continue
                }
                guard let file = outcome.resultFile,
                    try store.taskVersion(uuid: outcome.taskVersionUUID)?.sourceDigest == entry.digest
                else { continue }
                do throws(ResultFileReadError) {
                    let result = try ResultFiles.read(FilePath(file))
                    return result.identifier == entry.taskIdentifier ? (result, nil) : (nil, nil)
                } catch {
                    return (nil, "The previous run's answers are not pre-filled: \(error)")
                }
            }
        } catch {
            return (nil, "The previous run's answers are not pre-filled: \(error)")
        }
        return (nil, nil)
    }
}
