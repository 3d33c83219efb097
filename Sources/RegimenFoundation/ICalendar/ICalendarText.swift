/// RFC 5545 text rules (docs/icalendar.md, "Text"): TEXT value escaping (§3.3.11) and content-line folding (§3.1).
package enum ICalendarText {
    /// The longest content line, in octets, before it is folded (RFC 5545 §3.1).
    package static let lineOctets = 75

    /// `text` as a TEXT value: `\` `;` `,` escaped with a backslash, every line break (CRLF, CR or LF) written `\n`,
    /// and other control characters (TEXT allows none but HTAB) dropped.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `line` folded into physical lines of at most 75 octets each, joined by CRLF + one space (the space counts
    /// towards the next line's 75), splitting only between Unicode scalars so no UTF-8 sequence is ever cut. No final
    /// CRLF.
    package static func folded(_ line: String) -> String {
        guard line.utf8.count > lineOctets else { return line }
        var result = ""
        var used = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if used + size > lineOctets {
                result += "\r\n "
                used = 1
            }
            result.unicodeScalars.append(scalar)
            used += size
        }
        return result
    }
}
