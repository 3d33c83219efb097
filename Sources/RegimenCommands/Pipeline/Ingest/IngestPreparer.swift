import CareModel
import CareStore
package import Catalog
package import Foundation
package import OutcomeMapping
import RegimenFoundation
package import ResearchTasks
import SystemPackage

/// Reads one result file and turns it into an `OutcomeIngest`: decode (Regimen's or ResearchKit's JSON), find the
/// task (`--task`, else the result's identifier), extract the values, and find the participant's day of its end date.
///
/// Before extraction every answer is checked against its question's answer format, and every date for order and
/// the future (`ResultChecks`, docs/answer-validation.md): a file holding anything impossible is rejected whole.
///
/// Sync identifier and version come from the result's `userInfo`: `syncIdentifier` (a non-empty string; default the
/// task run UUID) and `syncVersion` (a whole number ≥ 1; default 1).
package struct IngestPreparer: Sendable {
    /// The `userInfo` key of the sync identifier.
    package static let syncIdentifierKey = "syncIdentifier"
    /// The `userInfo` key of the sync version.
    package static let syncVersionKey = "syncVersion"

    /// The surveys.
    package let catalog: Catalog
    /// The extractors of their tasks.
    package let extractors: ExtractorRegistry
    /// The participant's calendar and zone (the day a run ended on).
    package let calendar: Calendar
    /// `--task`: the task every file is taken to be of.
    package let task: String?
    /// The survey's checks of answers and dates.
    package let checks: ResultChecks
    /// The app, whose command name the rejections' messages use (`ErrorReporter`).
    package let app: RegimenApp
    /// When the participant withdrew consent, if they did: a result that ended later is a new answer, which a
    /// withdrawal stops (docs/consent.md, "Withdrawal"); nil while consent stands.
    package var consentWithdrawn: Date?

    /// Creates a preparer.
    package init(
        catalog: Catalog, extractors: ExtractorRegistry, calendar: Calendar, task: String?, checks: ResultChecks,
        app: RegimenApp
    ) {
        self.catalog = catalog
        self.extractors = extractors
        self.calendar = calendar
        self.task = task
        self.checks = checks
        self.app = app
    }

    /// Prepares the files at `paths` on all cores, in their order, each thread reading its files through a
    /// `FolderFileReader` of its own; `progress` hears the number of files finished. (`IngestRun` reads its own way, a
    /// file at a time, as it stores.)
    package func prepare(_ paths: [String], progress: (@Sendable (Int) -> Void)? = nil) -> [PreparedResult] {
        parallelMap(paths, progress: progress, context: { IngestReading() }) { reading, path in
            prepare(path, reading: reading)
        }
    }

    /// Prepares the file at `path`, read through `reading` (one per thread, for files read one after another); never
    /// throws: problems become a rejection. A ready result names its file in `resultFile` when `keepingPath`.
    func prepare(_ path: String, reading: IngestReading, keepingPath: Bool = true) -> PreparedResult {
        let files = reading.files
        func reject(_ problem: String) -> PreparedResult { .rejected(IngestRejection(file: path, problem: problem)) }
        var result: TaskResult
        // The end date as written, which `RecordedClock` reads its offset from.
        let endDateText: String?
        do {
            (result, endDateText) = try Self.decode(
                try files.read(path, limit: ResultFiles.maximumBytes), identifiers: &reading.identifiers
            ) { () throws(FileError) in
                // Read again to the end when the first read took a short read for it (`FolderFileReader`).
                files.lastReadTrustedShortRead
                    ? try FileBytes.read(FilePath(path), limit: ResultFiles.maximumBytes) : nil
            }
        } catch let error as FileError {
            return reject(ResultFileReadError.file(error).problem)
        } catch let error as ResultFileError {
            return reject(error.description)
        } catch {
            return reject("cannot read: \(error)")
        }
        if let task { result.identifier = task }
        let taskID = result.identifier
        guard let entry = catalog.entryIndex(forTask: taskID) else {
            return reject(
                ErrorReporter.message(
                    for: .unknownTask(taskID, known: catalog.taskIdentifiers), app: app))
        }
        guard catalog.entries[entry].schedule != nil else {
            return reject("task '\(taskID)' has no schedule, so no event to store it on")
        }
        // A logged task's day holds every log; an ingested result would replace them as the event's outcome
        // (docs/logged-tasks.md, "Ingest"). The file stays as it is.
        guard !catalog.entries[entry].logged else {
            return reject(
                "task '\(taskID)' is logged: each log joins the day's outcome, which an ingested file would replace; "
                    + "log it with `\(app.commandName) log \(taskID)` (with --at for its time)")
        }
        if let withdrawn = consentWithdrawn, result.endDate > withdrawn {
            return reject(
                "the run ended after consent was withdrawn on \(DayText.iso(withdrawn, calendar: calendar)): "
                    + "no new answers are stored")
        }
        let problems = checks.problems(in: result, task: taskID)
        if let problem = ResultChecks.summary(problems) ?? AttachedRecordings.problem(in: result, resultPath: path) {
            return reject(problem)
        }
        let values: [OutcomeValue]
        do throws(ExtractionError) {
            values = try extractors.values(of: result, createdDate: result.endDate) ?? []
        } catch {
            return reject(
                ErrorReporter.message(for: .extraction(task: taskID, file: nil, error), app: app))
        }
        // nil: the task run UUID stands for it (`OutcomeIngest.syncID`).
        let syncID: String?
        switch result.userInfo?[Self.syncIdentifierKey] {
        case nil: syncID = nil
        case .string(let text) where !text.isEmpty: syncID = text
        default: return reject("userInfo.\(Self.syncIdentifierKey): expected a non-empty string")
        }
        let version: Int
        switch result.userInfo?[Self.syncVersionKey] {
        case nil: version = 1
        case .integer(let number) where number >= 1: version = number
        case .double(let number) where number >= 1 && number <= 1e15 && number.rounded() == number:
            version = Int(number)
        default: return reject("userInfo.\(Self.syncVersionKey): expected a whole number of at least 1")
        }
        guard let day = CalendarDay.interval(containing: result.endDate, calendar: calendar) else {
            return reject("top level: the end date is outside the calendar's range")
        }
        return .ready(
            OutcomeIngest(
                taskID: taskID, day: day, runEndDate: result.endDate, values: values,
                syncID: syncID, syncVersion: version, taskRunUUID: result.taskRunUUID,
                resultFile: keepingPath ? path : nil,
                createdDate: result.endDate), researchKitVersion: Self.researchKitVersion(of: result),
            recorded: RecordedClock(of: result, endDateText: endDateText))
    }

    /// The task result in `bytes` and its end date's text (`ResultFileCodec.decodeValues`); when they are no result,
    /// the result in the bytes `rereading` gives instead, if it gives any: a file read up to a short read, taken for
    /// its end, is read again before it is called malformed, so that a file cut short is reported by what cut it (a
    /// disk error) or read whole.
    static func decode(
        _ bytes: [UInt8], identifiers: inout JSONRecentStrings, rereading: () throws(FileError) -> [UInt8]?
    ) throws -> (result: TaskResult, endDateText: String?) {
        do {
            return try ResultFileCodec.decodeValues(bytes: bytes, identifiers: &identifiers)
        } catch {
            guard let again = try rereading() else { throw error }
            return try ResultFileCodec.decodeValues(bytes: again, identifiers: &identifiers)
        }
    }

    /// "3.1.0" or "3.1.0 (bundle 12)" from the result's device (ResearchKit 3 records both), nil when unrecorded.
    package static func researchKitVersion(of result: TaskResult) -> String? {
        switch (result.device?.researchKitVersion, result.device?.researchKitBundleVersion) {
        case (let version?, let bundle?): "\(DisplayText.safe(version)) (bundle \(DisplayText.safe(bundle)))"
        case (let version?, nil): DisplayText.safe(version)
        case (nil, let bundle?): "bundle \(DisplayText.safe(bundle))"
        case (nil, nil): nil
        }
    }
}
