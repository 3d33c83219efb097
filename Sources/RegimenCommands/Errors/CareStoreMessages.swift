import CareStore
import Foundation

/// Wording of care store and schedule errors (part of the one rendering place, `ErrorReporter`).
enum CareStoreMessages {
    static func text(_ error: CareStoreError) -> String {
        switch error {
        case .cannotOpen(let path, let reason): "\(path): cannot open the store: \(reason)"
        case .database(let operation, let reason): "\(operation) failed: \(reason)"
        case .corruptRow(let table, let column, let reason): "a stored \(table) row has a bad \(column): \(reason)"
        case .taskExists(let id): "task '\(id)' already exists"
        case .taskVersionExists(let uuid): "task version \(uuid) already exists"
        case .taskNotFound(let id): "no task '\(id)' in the store"
        case .taskVersionNotFound(let uuid): "no task version \(uuid) in the store"
        case .taskDeleted(let id): "task '\(id)' was deleted"
        case .dataLoss(let task, let latest, let proposed):
            "a new version of '\(task)' effective \(stamp(proposed)) would hide the outcome of the event at \(stamp(latest))"
        case .occurrenceNotFound(let version, let occurrence): "task version \(version) has no occurrence \(occurrence)"
        case .occurrenceShadowed(let version, let occurrence, let later):
            "occurrence \(occurrence) of task version \(version) is covered by the later version \(later)"
        case .outcomeExists(let version, let occurrence): "occurrence \(occurrence) of task version \(version) already has an outcome"
        case .outcomeNotFound(let uuid): "no live outcome \(uuid)"
        case .unsupportedCalendar(let task): "task '\(task)' uses a calendar other than the Gregorian one"
        case .noEventOnDay(let task, let day): "task '\(task)' has no event on the day starting \(stamp(day))"
        case .invalidInterval(let from, let to): "the period \(stamp(from)) – \(stamp(to)) ends before it starts"
        }
    }

    static func text(_ error: ScheduleError) -> String {
        switch error {
        case .endNotAfterStart(let start, let end): "its end \(stamp(end)) is not after its start \(stamp(start))"
        case .intervalDoesNotAdvance: "its interval does not move time forward"
        case .invalidDuration(let seconds): "its duration \(seconds) s is not positive"
        case .noElements: "it has no elements"
        case .invalidTimeOfDay(let field, let value): "\(value) is not a valid \(field)"
        }
    }

    private static func stamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
