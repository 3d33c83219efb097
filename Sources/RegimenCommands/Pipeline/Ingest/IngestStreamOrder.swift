import CareModel
import Foundation

/// The order in which `IngestRun` can store results as it reads them: each after the one before by task, run end and
/// file, and none on a day before the first's, which starts the schedules of tasks new to the store (unless
/// `--start` names that day).
struct IngestStreamOrder {
    private var last: (taskID: String, runEnd: Date, file: Int)?
    /// The day of the first result admitted.
    private(set) var earliest: Date?

    /// Whether `item`, of file `file`, comes after every result admitted before it; if so it is the last one now.
    mutating func admits(_ item: OutcomeIngest, file: Int) -> Bool {
        if let last, !((last.taskID, last.runEnd, last.file) < (item.taskID, item.runEndDate, file)) { return false }
        if let earliest, item.day.start < earliest { return false }
        last = (item.taskID, item.runEndDate, file)
        if earliest == nil { earliest = item.day.start }
        return true
    }
}
