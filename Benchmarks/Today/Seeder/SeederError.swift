import CareStore
import Foundation

/// Why seeding the benchmark store failed. Messages name the argument, file or task, never stored values.
enum SeederError: Error, CustomStringConvertible {
    /// The command line is wrong; `reason` says how.
    case usage(reason: String)
    /// The store has no enrolled participant: `regimen today --store FILE` must run first.
    case notEnrolled(store: String)
    /// The task has no events between enrollment and now: it is not in the store or not scheduled.
    case noEvents(taskID: String, store: String)
    /// The care store refused an operation.
    case store(CareStoreError)

    /// Whether the command line was wrong (exit 64) rather than the store (exit 1).
    var isUsage: Bool {
        if case .usage = self { true } else { false }
    }

    var description: String {
        switch self {
        case .usage(let reason):
            "\(reason)\nusage: TodayStoreSeeder STORE_FILE --now ISO8601_INSTANT TASK_ID…"
        case .notEnrolled(let store):
            "\(store): no participant is enrolled; run `REGIMEN_NOW=<a year ago> regimen today --store \(store)` first"
        case .noEvents(let taskID, let store):
            "\(store): task '\(taskID)' has no events between enrollment and now"
        case .store(let error):
            "care store: \(error)"
        }
    }
}
