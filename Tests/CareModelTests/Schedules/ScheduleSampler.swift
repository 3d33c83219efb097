import Foundation
import RegimenFoundation

@testable import CareModel

/// Random schedules drawn from a seeded generator (repeatable from the seed): one to four elements of every interval
/// kind, fixed and all-day durations, with and without ends, texts that need escaping, target values of every type,
/// time zones with "/" and odd offsets, and every week rule.
struct ScheduleSampler {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let zones = [
        "UTC", "Europe/London", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/St_Johns", "Asia/Kolkata", "America/Argentina/Buenos_Aires", "Etc/GMT+12", "Pacific/Kiritimati",
    ]
    private static let locales = ["en_US_POSIX", "en_GB", "de_DE", "fr_CA", "ja_JP", ""]
    private static let texts = [
        "Morning", "Before breakfast / after lunch", "quote \" and back\\slash", "tab\tnew\nline\r", "\u{1}\u{1F}ctrl",
        "é, ß and 😀", "\u{2028}\u{7F}", "", "</script>",
    ]

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// A double of one of the shapes stored numbers take: whole, a few decimals, any finite bit pattern.
    private mutating func double(around magnitude: Double) -> Double {
        switch int(0...4) {
        case 0: return (Double(int(0...1_000_000)) / 1_000_000 * magnitude).rounded()
        case 1: return Double(int(0...1_000_000_000)) / Double(pick([2, 4, 8, 10, 100, 1000, 3]))
        case 2: return Double.random(in: 0...magnitude, using: &random)
        case 3:
            var value = Double(bitPattern: random.next())
            while !value.isFinite { value = Double(bitPattern: random.next()) }
            return value
        default: return pick([0, 1e-7, 0.1, 1e15, 1e16, 9_007_199_254_740_993, 5e-324, 1.7976931348623157e308])
        }
    }

    /// An element's start: whole seconds, or with a fraction, 2001 to 2039 (the calendar works on it).
    private mutating func startDate() -> Date {
        Date(
            timeIntervalSinceReferenceDate: Double(int(0...1_200_000_000))
                + pick([0, 0.5, 0.25, Double.random(in: 0..<1, using: &random)]))
    }

    /// A target value's date: any finite number of seconds (nothing computes with it).
    private mutating func date() -> Date {
        Date(timeIntervalSinceReferenceDate: pick([Double(int(0...1_200_000_000)), double(around: 1_000_000_000)]))
    }

    private mutating func optionalText(_ percent: Int) -> String? { chance(percent) ? pick(Self.texts) : nil }

    private mutating func calendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: pick(Self.zones))!
        if chance(70) { calendar.locale = Locale(identifier: pick(Self.locales)) }
        calendar.firstWeekday = int(1...7)
        calendar.minimumDaysInFirstWeek = int(1...7)
        return calendar
    }

    private mutating func interval(allDay: Bool) -> ScheduleInterval {
        var interval = ScheduleInterval()
        let kinds: [WritableKeyPath<ScheduleInterval, Int>] =
            allDay
            ? [\.day, \.weekOfYear, \.month, \.year]
            : [\.second, \.minute, \.hour, \.day, \.weekOfYear, \.month, \.year]
        // Sometimes a mixture: more components, any of them (zero included); then one that moves it forward.
        while chance(30) { interval[keyPath: pick(kinds + [\.second, \.minute, \.hour])] = int(0...5) }
        interval[keyPath: pick(kinds)] = int(1...40)
        return interval
    }

    private mutating func targetValue() -> OutcomeValue {
        let value: OutcomeValue.Value =
            switch int(0...5) {
            case 0: .integer(pick([int(-1000...1000), Int.max, Int.min, Int(truncatingIfNeeded: random.next())]))
            case 1: .double(pick([double(around: 100), -double(around: 1e6)]))
            case 2: .boolean(chance(50))
            case 3: .text(pick(Self.texts))
            case 4: .binary(Data((0..<int(0...12)).map { _ in UInt8(int(0...255)) }))
            default: .date(date())
            }
        return OutcomeValue(value, kind: optionalText(50), units: optionalText(40), createdDate: date())
    }

    private mutating func element() throws -> ScheduleElement {
        let allDay = chance(30)
        let start = startDate()
        let end: Date? =
            chance(40) ? start.addingTimeInterval(Double(int(1...100_000_000)) + pick([0, 0.5, 0.001])) : nil
        let duration: ScheduleDuration =
            allDay ? .allDay : .seconds(abs(pick([0, 3600, 900.5, double(around: 86_400)])))
        let targets = chance(40) ? (0..<int(1...4)).map { _ in targetValue() } : []
        return try ScheduleElement(
            start: start, end: end, interval: interval(allDay: allDay), duration: duration, text: optionalText(40),
            targetValues: targets, calendar: calendar())
    }

    /// The next random schedule.
    mutating func schedule() throws -> Schedule {
        try Schedule(composing: (0..<int(1...4)).map { _ in try element() })
    }
}
