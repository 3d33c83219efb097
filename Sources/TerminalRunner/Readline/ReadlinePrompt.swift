/// A prompt as readline is given it (docs/text-width.md, "The readline prompt"): readline measures the prompt itself,
/// so each ANSI escape sequence is bracketed by `\u{1}` and `\u{2}` (`RL_PROMPT_START_IGNORE`, `RL_PROMPT_END_IGNORE`)
/// and takes no columns; the rest it measures in the UTF-8 `LC_CTYPE` of `ReadlineLocale`.
enum ReadlinePrompt {
    /// `text` with every escape sequence (ESC `[` … final byte) marked invisible.
    static func marked(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                out.unicodeScalars.append("\u{1}")
                inEscape = true
                out.unicodeScalars.append(scalar)
                continue
            }
            out.unicodeScalars.append(scalar)
            if inEscape, scalar != "[", (0x40...0x7E).contains(scalar.value) {
                out.unicodeScalars.append("\u{2}")
                inEscape = false
            }
        }
        if inEscape { out.unicodeScalars.append("\u{2}") }
        return out
    }
}
