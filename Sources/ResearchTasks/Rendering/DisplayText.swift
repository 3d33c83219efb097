/// Makes text from files safe to print on a terminal: control characters (which could carry escape
/// sequences) are shown as `\u{…}` instead of being emitted.
package enum DisplayText {
    /// `text` with C0, DEL and C1 control characters escaped; newline and tab become `\n` and `\t`.
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out.append("\\n")
            case "\t": out.append("\\t")
            case _ where isControl(scalar): out.append("\\u{\(String(scalar.value, radix: 16, uppercase: true))}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
