/// Folds the fullwidth forms an East Asian input method types for numbers, dates and times into their ASCII
/// characters, as Unicode normalization form NFKC maps them (UAX #15), and leaves every other character as typed
/// (docs/languages.md, "What is read").
///
/// Folded: the fullwidth digits U+FF10–U+FF19, PLUS SIGN U+FF0B, HYPHEN-MINUS U+FF0D, FULL STOP U+FF0E, COMMA U+FF0C,
/// COLON U+FF1A, SOLIDUS U+FF0F and the IDEOGRAPHIC SPACE U+3000, and the IDEOGRAPHIC FULL STOP U+3002 (`。`, which
/// a Japanese input method types for the period key) to a full stop. Letters, kana and ideographs stay, so `年`
/// and `月` are still there for a date reader to see.
package enum WidthFolding {
    /// `text` with those characters folded; the same string when it holds none of them.
    package static func folded(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { folded($0) != nil }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(folded(scalar) ?? scalar) }
        return String(result)
    }

    /// The ASCII character `scalar` folds to, or nil when it stays as typed.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0xFF10...0xFF19, 0xFF0B, 0xFF0C, 0xFF0D, 0xFF0E, 0xFF0F, 0xFF1A:
            // The fullwidth forms block is ASCII moved up by 0xFEE0.
            Unicode.Scalar(scalar.value - 0xFEE0)
        case 0x3000: " "
        case 0x3002: "."
        default: nil
        }
    }
}
