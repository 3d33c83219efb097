package import Foundation

/// Which ISO 8601 forms a reader accepts (docs/dates-and-times.md, "Forms accepted").
package struct ISODateTimeRules: Sendable {
    /// A date alone (`2026-11-21`) is accepted.
    package var dateAlone: Bool
    /// A space may stand for `T` between date and time.
    package var spaceSeparator: Bool
    /// Seconds must be written.
    package var secondsRequired: Bool
    /// Seconds (and a fraction) may be written.
    package var secondsAllowed: Bool
    /// An offset must be written.
    package var offsetRequired: Bool
    /// An offset may be written.
    package var offsetAllowed: Bool
    /// Month, day and hour may have one digit (`2026-1-5 8:30`): typed by a person, never in files.
    package var oneDigitFields: Bool

    /// Result files: `yyyy-MM-dd'T'HH:mm:ss`, optional fraction, offset required (`Z`, `±HH:mm`, `±HHmm`, `±HH`).
    package static let instant = ISODateTimeRules(
        dateAlone: false, spaceSeparator: false, secondsRequired: true, secondsAllowed: true,
        offsetRequired: true, offsetAllowed: true, oneDigitFields: false)

    /// Survey files: `yyyy-MM-dd`, or that with `T` or a space and `HH:mm[:ss]`, with an optional offset.
    package static let surveyFile = ISODateTimeRules(
        dateAlone: true, spaceSeparator: true, secondsRequired: false, secondsAllowed: true,
        offsetRequired: false, offsetAllowed: true, oneDigitFields: false)

    /// Typed answers: `yyyy-M-d` alone or with `T` or spaces and `H:mm`; no seconds, no offset.
    package static let typed = ISODateTimeRules(
        dateAlone: true, spaceSeparator: true, secondsRequired: false, secondsAllowed: false,
        offsetRequired: false, offsetAllowed: false, oneDigitFields: true)
}

/// `yyyy-MM-dd'T'HH:mm:ss±hhmm` for `ISODateTime.serializerInstant`: `0` stands for a digit, U+0001 for the offset's
/// sign (checked apart), any other byte for itself.
private let serializerShape: [UInt8] = Array("0000-00-00T00:00:00\u{1}0000".utf8)

extension ISODateTime {
    /// Reads `text` under `rules`; nil when it is malformed, names a day that does not exist (2026-02-30), a time
    /// out of range (24:00, 23:60, second 60) or a year outside 1…9999. Date alone or time rules apply as `rules` say.
    package static func read(_ text: String, rules: ISODateTimeRules) -> ISODateTime? {
        var text = text
        return text.withUTF8 { read(utf8: $0, rules: rules) }
    }

    /// The instant of the serializer's own form, `yyyy-MM-dd'T'HH:mm:ss±hhmm` (24 bytes: what ResearchKit's serializer
    /// and Regimen write), read without building a reading; nil for any other text, which `read(utf8:rules:)` with
    /// `.instant` then reads. Whenever this gives an instant, that reading gives the same one (a result file holds
    /// nine dates, and the general reading was a tenth of decoding one: docs/performance.md, "Ingest").
    package static func serializerInstant(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 24, bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-") else { return nil }
        // One pass over the shape: each byte a digit where the pattern has one, else the pattern's byte.
        for (byte, wanted) in zip(bytes, serializerShape) {
            if wanted == UInt8(ascii: "0") {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            } else if wanted != 1, byte != wanted {
                return nil
            }
        }
        func pair(_ start: Int) -> Int { Int(bytes[start] &- 0x30) * 10 + Int(bytes[start + 1] &- 0x30) }
        let year = pair(0) * 100 + pair(2)
        let (month, day, hour, minute, second) = (pair(5), pair(8), pair(11), pair(14), pair(17))
        let (offsetHours, offsetMinutes) = (pair(20), pair(22))
        guard hour <= 23, minute <= 59, second <= 59, offsetHours <= 23, offsetMinutes <= 59,
            ISODateTime.isValidDay(CivilDate(year: year, month: month, day: day))
        else { return nil }
        let sign = bytes[19] == UInt8(ascii: "+") ? 1 : -1
        return CivilDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            offsetMinutes: sign * (offsetHours * 60 + offsetMinutes)
        ).date
    }

    /// `read(_:rules:)` on UTF-8 bytes, in place.
    package static func read(utf8 bytes: UnsafeBufferPointer<UInt8>, rules: ISODateTimeRules) -> ISODateTime? {
        var scanner = DateTextScanner(bytes)
        let width = rules.oneDigitFields ? 1 : 2
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(fewest: width, most: 2), scanner.take("-"),
            let dayOfMonth = scanner.number(fewest: width, most: 2)
        else { return nil }
        var reading = ISODateTime(day: CivilDate(year: year, month: month, day: dayOfMonth))
        guard reading.isValid else { return nil }
        if scanner.isAtEnd { return rules.dateAlone ? reading : nil }
        if rules.spaceSeparator, scanner.next == UInt8(ascii: " ") {
            reading.spaceSeparated = true
            if rules.oneDigitFields { scanner.skipSpaces() } else { _ = scanner.take(" ") }
        } else if !scanner.take("T") {
            return nil
        }
        guard let time = ClockTime.read(&scanner, hours: rules.oneDigitFields ? .oneOrTwoDigits : .twoDigits) else {
            return nil
        }
        reading.time = time
        if rules.secondsAllowed, scanner.take(":") {
            guard let second = scanner.number(digits: 2), second <= 59 else { return nil }
            reading.second = second
            if scanner.take(".") {
                let digits = scanner.digitRun()
                guard !digits.isEmpty else { return nil }
                reading.fractionDigits = digits
            }
        } else if rules.secondsRequired {
            return nil
        }
        if rules.offsetAllowed, !scanner.isAtEnd {
            guard let offset = scanner.offset() else { return nil }
            reading.offset = offset
        } else if rules.offsetRequired {
            return nil
        }
        return scanner.isAtEnd ? reading : nil
    }
}
