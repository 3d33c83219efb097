/// Writes a `JSONValue` as deterministic, pretty-printed JSON text: keys sorted by UTF-8 bytes, 2-space indent.
package enum JSONWriter {
    /// The whole document, ending with one newline.
    package static func prettyText(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out.append("\n")
        return out
    }

    /// Appends `value` as it appears nested `indent` levels deep in a pretty-printed document (no newline after it):
    /// for documents written a piece at a time with the same bytes as `prettyText`.
    package static func append(_ value: JSONValue, indent: Int, into out: inout String) {
        write(value, indent: indent, into: &out)
    }

    /// Text of one double in shortest round-trip form; a whole double keeps its ".0" so it reads back as a double.
    /// Non-finite values have no JSON form and are written as `null` (the codec never passes them).
    package static func numberText(_ value: Double) -> String {
        value.isFinite ? value.description : "null"
    }

    /// Text of one finite double as Foundation's `JSONEncoder` writes it: shortest round-trip form, a whole double
    /// without its ".0" (so it reads back as an integer token); for documents that keep the bytes `JSONEncoder` gave
    /// them (CareModel's `ScheduleJSON`, TerminalRunner's `Transcript`). Nil for NaN and the infinities.
    package static func encoderNumberText(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Appends `text` as a quoted JSON string with every character that JSON requires escaped; `escapingSlashes` also
    /// writes "/" as "\/", as Foundation's `JSONEncoder` does unless told not to (the schedule JSON keeps the bytes it
    /// wrote, CareModel's `ScheduleJSON`).
    package static func appendQuoted(_ text: String, escapingSlashes: Bool = false, into out: inout String) {
        out.append("\"")
        // Most texts need no escape: appended whole, not scalar by scalar.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || (escapingSlashes && $0 == 0x2F) }) {
            out.append(text)
            out.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "/" where escapingSlashes: out.append("\\/")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            case _ where scalar.value < 0x20:
                out.append("\\u00")
                out.append(hexDigit(scalar.value >> 4))
                out.append(hexDigit(scalar.value & 0xF))
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }

    private static func hexDigit(_ nibble: UInt32) -> Character {
        Character(Unicode.Scalar(UInt8(nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10)))
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .integer(let number): out.append(String(number))
        case .double(let number): out.append(numberText(number))
        case .string(let text): appendQuoted(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out.append("[]")
                return
            }
            out.append("[\n")
            for (position, item) in items.enumerated() {
                appendIndent(indent + 1, into: &out)
                write(item, indent: indent + 1, into: &out)
                out.append(position == items.count - 1 ? "\n" : ",\n")
            }
            appendIndent(indent, into: &out)
            out.append("]")
        case .object(let members):
            guard !members.isEmpty else {
                out.append("{}")
                return
            }
            out.append("{\n")
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (position, key) in keys.enumerated() {
                appendIndent(indent + 1, into: &out)
                appendQuoted(key, into: &out)
                out.append(": ")
                write(members[key] ?? .null, indent: indent + 1, into: &out)
                out.append(position == keys.count - 1 ? "\n" : ",\n")
            }
            appendIndent(indent, into: &out)
            out.append("}")
        }
    }

    /// Appends the indentation of nesting level `level`.
    package static func appendIndent(_ level: Int, into out: inout String) {
        out.append(String(repeating: " ", count: level * 2))
    }
}
