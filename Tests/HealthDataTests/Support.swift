import Foundation
import TestSupport

@testable import HealthData

/// Instants written in UTC, and the sources the cases use (the calendars are TestSupport's).
extension Pinned {
    /// "YYYY-MM-DD HH:MM[:SS]" read as UTC, in seconds since 1970.
    static func utc(_ text: String) -> Int64 {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0)! }
        let day = HealthCalendarDay(year: parts[0], month: parts[1], day: parts[2])
        let seconds = parts.count > 5 ? parts[5] : 0
        return Int64(day.ordinal) * 86_400 + Int64(parts[3] * 3_600 + parts[4] * 60 + seconds)
    }

    /// A day from its text.
    static func day(_ text: String) -> HealthCalendarDay { HealthCalendarDay(text: text)! }

    static let watchDevice =
        "<<HKDevice: 0x3035d1db0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,10, software:10.6.1>"
    static let phoneDevice =
        "<<HKDevice: 0x3035d2a40>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,3, software:18.5>"
}

/// Who wrote a case's sample.
enum Source {
    case watch, iPhone, manual
    case app(String)

    /// The span of this source over UTC texts [start, end).
    func span(
        _ type: String, _ start: String, _ end: String, value: Double? = nil, sleep: HealthSleepValue? = nil,
        zone: String? = nil
    ) -> HealthSpan {
        let (name, device, manual): (String, String?, Bool) =
            switch self {
            case .watch: ("Anna’s Apple Watch", Pinned.watchDevice, false)
            case .iPhone: ("Anna’s iPhone", Pinned.phoneDevice, false)
            case .manual: ("Health", nil, true)
            case .app(let name): (name, nil, false)
            }
        return HealthSpan(
            type: type, sourceName: name, device: device, userEntered: manual, start: Pinned.utc(start),
            end: Pinned.utc(end),
            value: value, sleep: sleep, timeZoneName: zone)
    }

    /// Steps over [start, end) in UTC.
    func steps(_ start: String, _ end: String, _ value: Double) -> HealthSpan {
        span(HealthSpan.stepType, start, end, value: value)
    }

    /// A sleep sample over [start, end) in UTC.
    func sleep(_ value: HealthSleepValue, _ start: String, _ end: String, zone: String? = nil) -> HealthSpan {
        span(HealthSpan.sleepType, start, end, sleep: value, zone: zone)
    }
}

/// The summary's CSV for spans, header first.
func summaryCSV(
    _ spans: [HealthSpan], _ calendar: Calendar, from: HealthCalendarDay? = nil, through: HealthCalendarDay? = nil
) -> [String] {
    [HealthDaySummary.csvHeader]
        + HealthDaySummary.rows(spans: spans, calendar: calendar, from: from, through: through).map(\.csvLine)
}

/// The lines of a crafted export's expected CSV.
func expectedCSV(_ name: String) throws -> [String] {
    let url = PackagePaths.fixtures.appendingPathComponent("HealthExports/\(name).expected.csv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
}
