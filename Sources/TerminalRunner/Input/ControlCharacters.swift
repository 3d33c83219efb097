/// Control characters in typed lines (docs/terminal-input.md): C0 other than tab, DEL and C1. They come from keys such
/// as Escape or arrows typed where an answer was expected, are never part of an answer, and are never written back to
/// a terminal as they are (an ESC starts a terminal command).
package enum ControlCharacters {
    /// Whether the line holds a control character other than tab.
    package static func occur(in line: String) -> Bool {
        line.unicodeScalars.contains(where: isControl)
    }

    /// The line with each control character written in caret notation (`^[` for ESC, `^@` for NUL, `^?` for DEL,
    /// `<U+009B>` for C1), safe to show on a terminal.
    package static func visible(_ line: String) -> String {
        var shown = ""
        for scalar in line.unicodeScalars {
            guard isControl(scalar) else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x7F: shown += "^?"
            case 0x00..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            default: shown += "<U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            }
        }
        return shown
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
        default: false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
