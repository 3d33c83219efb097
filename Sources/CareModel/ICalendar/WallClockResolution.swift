import Foundation
import RegimenFoundation

/// The instant a local wall-clock reading names in a zone, by RFC 5545 §3.3.5 (docs/icalendar.md, "Local times"):
/// a reading that occurs twice is its first occurrence; one that is skipped is read with the offset before the gap.
enum WallClockResolution {
    /// The instant of the reading `localSeconds` (wall seconds since 1970-01-01T00:00 local) in `zone`.
    static func instant(localSeconds: Int, zone: TimeZone) -> Date {
        let offsets = Set(
            [-86_400, 0, 86_400].map {
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(localSeconds + $0)))
            })
        let valid = offsets.filter {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(localSeconds - $0))) == $0
        }
        // Several: the first occurrence has the largest offset. None: a gap, read with the offset before it (the
        // smaller).
        let offset = valid.max() ?? offsets.min() ?? 0
        return Date(timeIntervalSince1970: Double(localSeconds - offset))
    }

    /// The wall seconds since 1970 of `instant` in `zone` (whole seconds).
    static func localSeconds(of instant: Date, zone: TimeZone) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
    }

    /// Whether `instant`'s whole second is named by its own wall-clock reading with a TZID (it is not the second
    /// occurrence of a repeated reading).
    static func isNamedByLocalTime(_ instant: Date, zone: TimeZone) -> Bool {
        let second = wholeSecond(instant)
        return self.instant(localSeconds: localSeconds(of: second, zone: zone), zone: zone) == second
    }

    /// `date` without its fraction of a second: the file's date-times have none (an enrollment instant may).
    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
