package import HealthData
import RegimenFoundation

/// Reads the export's date text `YYYY-MM-DD HH:MM:SS ±HHMM` from bytes, without a formatter: the civil day number is
/// `CivilDate`'s, the rest is arithmetic (docs/health-export.md, "Dates").
package enum HealthDateText {
    /// The date written in `bytes`, or nil when they are not exactly that form or name no real day and time.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> HealthDate? {
        guard bytes.count == 25, let base = bytes.baseAddress else { return nil }
        guard base[4] == 0x2D, base[7] == 0x2D, base[10] == 0x20, base[13] == 0x3A, base[16] == 0x3A, base[19] == 0x20
        else { return nil }
        guard let year = digits(base, 0, 4), let month = digits(base, 5, 2), let day = digits(base, 8, 2),
            let hour = digits(base, 11, 2), let minute = digits(base, 14, 2), let second = digits(base, 17, 2),
            let offsetHours = digits(base, 21, 2), let offsetMinutes = digits(base, 23, 2)
        else { return nil }
        let sign: Int
        switch base[20] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        let civil = CivilDate(year: year, month: month, day: day)
        guard civil.isValid, hour <= 23, minute <= 59, second <= 59, offsetHours <= 23, offsetMinutes <= 59 else {
            return nil
        }
        let offset = sign * (offsetHours * 60 + offsetMinutes)
        let local = civil.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        return HealthDate(seconds: Int64(local - offset * 60), offsetMinutes: Int16(offset))
    }

    /// The instant written as `YYYY-MM-DDTHH:MM:SSZ`, the form the Health app's GPX files use, in seconds since 1970
    /// by the same arithmetic; nil for any other form (the caller then reads it as general ISO 8601).
    package static func readUTCInstant(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 20, let base = bytes.baseAddress else { return nil }
        guard base[4] == 0x2D, base[7] == 0x2D, base[10] == 0x54, base[13] == 0x3A, base[16] == 0x3A, base[19] == 0x5A
        else { return nil }
        guard let year = digits(base, 0, 4), let month = digits(base, 5, 2), let day = digits(base, 8, 2),
            let hour = digits(base, 11, 2), let minute = digits(base, 14, 2), let second = digits(base, 17, 2)
        else { return nil }
        let civil = CivilDate(year: year, month: month, day: day)
        guard year >= 1, civil.isValid, hour <= 23, minute <= 59, second <= 59 else { return nil }
        return Int64(civil.dayNumber * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// The date written in `text`.
    package static func read(_ text: String) -> HealthDate? {
        var text = text
        return text.withUTF8 { read($0) }
    }

    private static func digits(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
            let digit = base[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
