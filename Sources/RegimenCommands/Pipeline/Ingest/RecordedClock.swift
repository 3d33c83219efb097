import Foundation
import RegimenFoundation
package import ResearchTasks

/// The clock a result was recorded with: the UTC offset its end date was written with (a result file writes every
/// date with the device's offset at the time) and the IANA time zone the result names in its `userInfo`, under
/// `timeZone` or HealthKit's `HKTimeZone` — a name the system does not know is not kept (docs/study-database.md,
/// "Ingest").
package struct RecordedClock: Sendable, Hashable {
    /// The `userInfo` keys that may name the zone, in the order they are looked at.
    package static let zoneKeys = ["timeZone", "HKTimeZone"]

    /// Seconds east of UTC of the written end date; nil when the result was not read from a file.
    package var utcOffsetSeconds: Int?
    /// The zone's IANA name, when named.
    package var timeZone: String?

    /// Nothing known.
    package init() {}

    /// The clock of `result`, read from the JSON it was decoded from.
    package init(of result: TaskResult) {
        self.init(of: result, endDateText: result.writtenEndDate)
    }

    /// The clock of `result`, whose end date was written as `endDateText` (nil when it was not read from a file).
    package init(of result: TaskResult, endDateText: String?) {
        if let endDateText, let offset = ISODateTime.read(endDateText, rules: .instant)?.offset {
            utcOffsetSeconds = offset.minutes * 60
        }
        for key in Self.zoneKeys {
            if case .string(let name)? = result.userInfo?[key], TimeZone(identifier: name) != nil {
                timeZone = name
                break
            }
        }
    }
}
