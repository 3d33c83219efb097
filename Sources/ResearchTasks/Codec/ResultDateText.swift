import Foundation
import RegimenFoundation

/// Date and time-of-day text of result files (rules 4–5 of docs/researchkit-results.md, "Encoding rules").
package enum ResultDateText {
    /// `yyyy-MM-dd'T'HH:mm:ssZ` of `date` in `timeZone`, e.g. `2026-11-21T08:04:10+0000`.
    package static func string(from date: Date, timeZone: TimeZone) -> String {
        CivilDateTime(date, timeZone: timeZone).serializerText
    }

    /// Reads the serializer pattern with any offset (`+0000`, `-0700`), and ISO 8601 with `Z`, `±HH:mm`, `±HH`
    /// and/or fractional seconds. Nil when the text is none of these or names an impossible date.
    package static func date(from text: String) -> Date? {
        // Read in place (no copy of the text into an array: result files hold eight dates each).
        var text = text
        return text.withUTF8 { date(from: $0) }
    }

    private static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2), scanner.take("T"),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2), scanner.take(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        var fraction = 0.0
        if scanner.take(".") {
            let digits = scanner.digitRun()
            guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        guard let offsetMinutes = scanner.offsetMinutes(), scanner.isAtEnd else { return nil }
        let civil = CivilDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            offsetMinutes: offsetMinutes)
        guard year >= 1, civil.isValid else { return nil }
        return civil.date.addingTimeInterval(fraction)
    }

    /// `"HH:mm"`, zero-padded (rule 5 of docs/researchkit-results.md, "Encoding rules").
    package static func string(from time: TimeOfDay) -> String {
        "\(CivilDateTime.pad(time.hour, 2)):\(CivilDateTime.pad(time.minute, 2))"
    }

    /// Reads `"HH:mm"` (a one-digit hour is accepted); nil when malformed or out of range.
    package static func timeOfDay(from text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }
}

/// Reads fixed-width ASCII fields of a timestamp.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for position in index..<index + digits {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    mutating func digitRun() -> String {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// `Z`, `±HHmm`, `±HH:mm` or `±HH`, as minutes east of UTC.
    mutating func offsetMinutes() -> Int? {
        if take("Z") { return 0 }
        let sign: Int
        if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        if isAtEnd { return sign * hours * 60 }
        _ = take(":")
        guard let minutes = number(digits: 2), minutes <= 59 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
