import CareModel
import Foundation

/// The `task.schedule` column: a schedule's one JSON form (`ScheduleJSON`, CareModel), its errors as the store's.
enum StoredSchedule {
    /// The column text of task `taskID`'s schedule.
    static func encode(_ schedule: Schedule, taskID: String) throws(CareStoreError) -> String {
        do {
            return try ScheduleJSON.encode(schedule, taskID: taskID)
        } catch {
            throw CareStoreError(error)
        }
    }

    /// The schedule in column text `text` of task `taskID`; damage is a `corruptRow` of the column.
    static func decode(_ text: String, taskID: String) throws(CareStoreError) -> Schedule {
        do {
            return try ScheduleJSON.decode(text, taskID: taskID)
        } catch {
            throw CareStoreError(error)
        }
    }
}

extension CareStoreError {
    /// The store's error for a schedule without a JSON form, or a column text that is not one.
    init(_ error: ScheduleJSONError) {
        switch error {
        case .unsupportedCalendar(let taskID):
            self = .unsupportedCalendar(taskID: taskID)
        case .nonFiniteNumber(_, let element, let field):
            self = .database(
                operation: "encode schedule", reason: "element \(element): \(field) is not a finite number")
        case .malformed(_, let problem):
            let reason =
                switch problem {
                case .invalidJSON: "invalid JSON"
                case .missingField(let element, let field): "element \(element): missing or mistyped \(field)"
                case .unsupportedCalendar(let name): "unsupported calendar \(name)"
                case .unknownTimeZone(let name): "unknown time zone \(name)"
                case .invalidTargetValues(let element, let field): "element \(element): invalid \(field)"
                case .invalidElement(let reason): "invalid element: \(reason)"
                case .invalidSchedule(let reason): "invalid schedule: \(reason)"
                }
            self = .corruptRow(table: "task", column: "schedule", reason: reason)
        }
    }
}
