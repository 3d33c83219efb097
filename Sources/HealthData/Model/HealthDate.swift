/// A date as the Health export writes it (`2026-07-01 07:41:07 +0200`): the instant, plus the UTC offset written with
/// it — the phone's offset at export time, not the sample's own (docs/health-export.md, "Dates").
package struct HealthDate: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z (the export has whole seconds).
    package var seconds: Int64
    /// The written UTC offset in minutes (east positive).
    package var offsetMinutes: Int16

    /// Creates a date from its instant and written offset.
    package init(seconds: Int64, offsetMinutes: Int16) {
        self.seconds = seconds
        self.offsetMinutes = offsetMinutes
    }

    /// Orders by instant only.
    package static func < (lhs: HealthDate, rhs: HealthDate) -> Bool { lhs.seconds < rhs.seconds }
}
