package import CareModel
import CareStore
import Foundation
import RegimenFoundation
import SystemPackage

/// Wording of care store and schedule errors: part of the one rendering place, `ErrorReporter` (CareStore words none).
extension ErrorReporter {
    /// The text of a care store error (never SQL or GRDB's text; that is `detail`, shown with --debug).
    static func text(for error: CareStoreError) -> String {
        switch error {
        case .cannotOpen(let path, _):
            "\(path): the care store cannot be opened; nothing was changed. Check that the file and its folder exist and "
                + "belong to you, or pass --store with another file (--debug shows the system's reason)"
        case .notAStore(let path, let problem): notAStore(path: path, problem: problem)
        case .readOnly(let path):
            "\(path): the care store is read-only, so nothing can be stored in it; nothing was asked or changed. "
                + "Make it writable again (chmod 600 '\(path)') or pass --store with another file"
        case .readOnlyNeedsUpgrade(let path):
            "\(path): the care store is read-only and was written by an older version of this program; reading it "
                + "needs an upgrade, which is a write. Make it writable (chmod 600 '\(path)') and run the command again"
        case .operationFailed(let path, let operation, _):
            "\(path): could not \(operation) in the care store; nothing was changed. Run the command again; if it fails "
                + "again, run it with --debug and send the output to your study team"
        case .diskFull(let path):
            "\(path): the disk holding the care store is full; nothing was changed. Free some space and run the command again"
        case .createdMeanwhile(let path):
            "\(path): another command created this care store while this one was filling a new one, so nothing was "
                + "stored; the other store was left as it is. Run the command again to add to it"
        case .database(let operation, _):
            "could not \(operation); nothing was changed. Run the command again with --debug to see why"
        case .unknownChangeAnchor(let anchor, let latest):
            "--since \(anchor): this store never issued that anchor (its newest is \(latest)); it may come from another "
                + "store. Pass an anchor this store printed, or leave out --since to list every change"
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
        case .outcomeExists(let version, let occurrence):
            "occurrence \(occurrence) of task version \(version) already has an outcome"
        case .outcomeNotFound(let uuid): "no live outcome \(uuid)"
        case .unsupportedCalendar(let task): "task '\(task)' uses a calendar other than the Gregorian one"
        case .noEventOnDay(let task, let day): "task '\(task)' has no event on the day starting \(stamp(day))"
        case .invalidInterval(let from, let to): "the period \(stamp(from)) – \(stamp(to)) ends before it starts"
        case .enrollmentNeedsEmptyStore(let outcomes):
            "this care store already holds \(outcomes) answer\(outcomes == 1 ? "" : "s") given outside the study, so it "
                + "cannot join one; nothing was changed. Enroll a new store (--store NEW-FILE, or another REGIMEN_HOME)"
        case .enrolledElsewhere(let label, let studyID):
            "this care store belongs to participant \(label) of study \(studyID), and the code is not theirs; nothing "
                + "was changed. Use a new store (--store NEW-FILE) for another participant"
        }
    }

    /// The library's own text behind an error, shown only with --debug (or REGIMEN_DEBUG=1).
    static func detail(for error: CareStoreError) -> String? {
        switch error {
        case .cannotOpen(_, let reason), .operationFailed(_, _, let reason), .database(_, let reason): reason
        default: nil
        }
    }

    private static func notAStore(path: FilePath, problem: StoreFileProblem) -> String {
        let what =
            switch problem {
            case .notAFile: "is not a file"
            case .empty: "is empty (it may be a store that was cut short)"
            case .notSQLite: "is not a care store (it is not a SQLite database)"
            case .notACareStore: "is a SQLite database but not a care store"
            case .damaged: "is a damaged care store"
            }
        return "\(path) \(what); it was left exactly as it is. Restore it from a backup, or move it away "
            + "(or pass --store with another file) to start a new store"
    }

    /// The text of a schedule error, after "the schedule of task 'ID' cannot be built: ".
    package static func text(for error: ScheduleError) -> String {
        switch error {
        case .endNotAfterStart(let start, let end): "its end \(stamp(end)) is not after its start \(stamp(start))"
        case .intervalDoesNotAdvance: "its interval does not move time forward"
        case .invalidDuration(let seconds): "its duration \(seconds) s is not positive"
        case .noElements: "it has no elements"
        case .invalidTimeOfDay(let field, let value): "\(value) is not a valid \(field)"
        }
    }

    private static func stamp(_ date: Date) -> String {
        ISODateTime(utc: date).text
    }
}
