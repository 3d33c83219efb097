import CareModel
package import Foundation
package import RegimenFoundation
import ResearchTasks

extension OutcomeValue.Value {
    /// The value as text for tables and CSV: numbers without a needless ".0", dates in ISO 8601.
    package func text(timeZone: TimeZone) -> String {
        switch self {
        case .integer(let value): String(value)
        case .double(let value): Self.numberText(value)
        case .boolean(let value): value ? "true" : "false"
        case .text(let value): value
        case .binary(let data): data.base64EncodedString()
        case .date(let date): ISO8601Text.string(date, timeZone: timeZone)
        }
    }

    /// A double as JSON writes it, without a trailing ".0" ("8", "8.5").
    private static func numberText(_ value: Double) -> String {
        let text = JSONWriter.numberText(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The value as a JSON value.
    package func json(timeZone: TimeZone) -> JSONValue {
        switch self {
        case .integer(let value): .integer(value)
        case .double(let value): .double(value)
        case .boolean(let value): .bool(value)
        case .text(let value): .string(value)
        case .binary(let data): .string(data.base64EncodedString())
        case .date(let date): .string(ISO8601Text.string(date, timeZone: timeZone))
        }
    }
}

/// ISO 8601 timestamps with the zone's offset, e.g. 2026-11-21T08:04:00+01:00 (Z for UTC).
enum ISO8601Text {
    static func string(_ date: Date, timeZone: TimeZone) -> String {
        ISODateTime(date, timeZone: timeZone, style: .zulu).text
    }
}
