import Foundation

/// The care feed's reminder that a store enrolled in a study has not synced for days (docs/study-sync.md, "The
/// device's store").
enum SyncReminder {
    /// How long a store may go without a sync before the feed says so.
    static let threshold: TimeInterval = 2 * 86_400

    /// " Not synced with the study for 3 days (last on Wednesday 18 March 2026): run regimen sync", or nil when the
    /// last sync (else the enrollment) is less than `threshold` ago.
    static func text(enrolled: Date, lastSync: Date?, now: Date, calendar: Calendar) -> String? {
        let since = lastSync ?? enrolled
        let elapsed = now.timeIntervalSince(since)
        guard elapsed >= threshold else { return nil }
        let days = Int(elapsed / 86_400)
        let when =
            lastSync.map { "last on \(DayText.long(calendar.startOfDay(for: $0), calendar: calendar))" }
            ?? "never since enrolling"
        return "  Not synced with the study for \(days) days (\(when)): run regimen sync"
    }
}
