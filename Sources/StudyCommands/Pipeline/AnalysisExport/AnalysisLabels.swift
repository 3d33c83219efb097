/// Labels as statistics packages keep them: one line, cut to a format's byte limit (docs/analysis-exports.md,
/// "Labels"); the whole text stays in `variables.csv` and `dictionary.csv`.
enum AnalysisLabels {
    /// Line breaks (`\r\n`, `\n`, `\r`, `\u{0B}`, `\u{0C}`, `\u{85}`, `\u{2028}`, `\u{2029}`) and tabs as spaces.
    private static let breaks: Set<Unicode.Scalar> = [
        "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
    ]

    /// `text` on one line, cut to at most `bytes` UTF-8 bytes at a Unicode scalar boundary.
    static func truncated(_ text: String, bytes: Int) -> String {
        var line = String.UnicodeScalarView()
        var count = 0
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if afterReturn, scalar == "\n" { continue }
            let kept: Unicode.Scalar = breaks.contains(scalar) ? " " : scalar
            let size = UTF8.width(kept)
            guard count + size <= bytes else { break }
            line.append(kept)
            count += size
        }
        return String(line)
    }
}
