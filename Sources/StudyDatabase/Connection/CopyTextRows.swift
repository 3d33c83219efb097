import Foundation
import RegimenFoundation

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN` (https://www.postgresql.org/docs/current/sql-copy.html,
/// "Text Format"): fields separated by tabs, rows ended by newlines, `\N` for NULL, and a backslash, tab, newline or
/// carriage return inside a field escaped with a backslash. Built as bytes, written by `StudyConnection.copy`.
struct CopyTextRows {
    /// The bytes so far.
    private(set) var bytes: [UInt8] = []
    /// Rows ended so far.
    private(set) var count = 0
    private var atRowStart = true

    /// Starts the next field (a tab unless it is the row's first).
    private mutating func separate() {
        if atRowStart { atRowStart = false } else { bytes.append(0x09) }
    }

    /// Ends the row.
    mutating func endRow() {
        bytes.append(0x0A)
        atRowStart = true
        count += 1
    }

    /// A NULL field.
    mutating func null() {
        separate()
        bytes.append(contentsOf: [0x5C, 0x4E])  // \N
    }

    /// A text field, escaped; NULL when nil. Text holding U+0000 cannot be stored (callers refuse it first).
    mutating func text(_ value: String?) {
        guard let value else { return null() }
        separate()
        for byte in value.utf8 {
            switch byte {
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            default: bytes.append(byte)
            }
        }
    }

    /// A field written as is (callers pass text that needs no escaping: numbers, UUIDs, dates).
    private mutating func plain(_ value: String) {
        separate()
        bytes.append(contentsOf: value.utf8)
    }

    /// A whole number; NULL when nil.
    mutating func integer(_ value: Int?) {
        guard let value else { return null() }
        separate()
        DigitText.append(value, to: &bytes)
    }

    /// A double precision number (shortest form that reads back the same); NULL when nil.
    mutating func double(_ value: Double?) {
        guard let value else { return null() }
        if value.isNaN { return plain("NaN") }
        if value.isInfinite { return plain(value < 0 ? "-Infinity" : "Infinity") }
        plain("\(value)")
    }

    /// A boolean; NULL when nil.
    mutating func boolean(_ value: Bool?) {
        guard let value else { return null() }
        plain(value ? "t" : "f")
    }

    /// A uuid, in lowercase hex with hyphens; NULL when nil.
    mutating func uuid(_ value: UUID?) {
        guard let value else { return null() }
        separate()
        withUnsafeBytes(of: value.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(0x2D) }
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// A bytea in hex form (`\x…`, its backslash escaped); NULL when nil.
    mutating func binary(_ value: Data?) {
        guard let value else { return null() }
        separate()
        bytes.append(contentsOf: [0x5C, 0x5C, 0x78])
        for byte in value {
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    /// A timestamptz in UTC to the microsecond, rounded as PostgresNIO rounds a bound `Date` (so a value written here
    /// reads back as the one bound elsewhere); NULL when nil.
    mutating func timestamp(_ value: Date?) {
        guard let value else { return null() }
        // Microseconds since 2000-01-01, PostgreSQL's epoch, as PostgresNIO computes them.
        let micros = Int64((value.timeIntervalSince(Self.postgresEpoch) * 1_000_000).rounded(.toNearestOrEven))
        let perDay: Int64 = 86_400_000_000
        let day = micros >= 0 ? micros / perDay : (micros - perDay + 1) / perDay
        let inDay = micros - day * perDay
        let date = CivilDate(dayNumber: Int(day) + Self.postgresEpochDayNumber)
        let seconds = Int(inDay / 1_000_000)
        separate()
        date.appendText(to: &bytes)
        bytes.append(0x54)  // T
        DigitText.append(seconds / 3600, width: 2, to: &bytes)
        bytes.append(0x3A)
        DigitText.append(seconds / 60 % 60, width: 2, to: &bytes)
        bytes.append(0x3A)
        DigitText.append(seconds % 60, width: 2, to: &bytes)
        bytes.append(0x2E)
        DigitText.append(Int(inDay % 1_000_000), width: 6, to: &bytes)
        bytes.append(0x5A)  // Z
    }

    /// Lowercase hexadecimal digits.
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// 2000-01-01T00:00:00Z.
    private static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)
    /// Its day number (days since 1970-01-01).
    private static let postgresEpochDayNumber = 10_957
}
