/// Random text for width tests (docs/text-width.md, "How it is checked"): pieces drawn from ASCII, CJK, Hangul
/// (syllables and jamo), combining marks, emoji with skin tones, ZWJ sequences, flags, VS16, zero-width and control
/// characters and escape sequences, from a seeded generator so a failure repeats.
package enum RandomTerminalText {
    /// The kinds of piece.
    package enum Piece: CaseIterable, Sendable {
        case ascii, space, cjk, kana, hangul, jamo, combining, emoji, skinTone, zwjSequence, flag, variation
        case zeroWidth, control, escape
    }

    /// A string of `pieces` random pieces.
    package static func string(
        using random: inout some RandomNumberGenerator, pieces: ClosedRange<Int> = 1...10
    ) -> String {
        var text = ""
        for _ in 0..<Int.random(in: pieces, using: &random) {
            text += piece(Piece.allCases.randomElement(using: &random)!, using: &random)
        }
        return text
    }

    /// One random piece of `kind`.
    package static func piece(_ kind: Piece, using random: inout some RandomNumberGenerator) -> String {
        func scalar(_ range: ClosedRange<UInt32>) -> String {
            String(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
        }
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &random)! }
        switch kind {
        case .ascii: return scalar(0x21...0x7E)
        case .space: return " "
        case .cjk: return scalar(0x4E00...0x9FFF)
        case .kana: return pick([scalar(0x3041...0x3096), scalar(0x30A1...0x30FA), scalar(0xFF01...0xFF5E), "、", "。"])
        case .hangul: return scalar(0xAC00...0xD7A3)
        case .jamo:
            return scalar(0x1100...0x1112) + scalar(0x1161...0x1175)
                + (Bool.random(using: &random) ? scalar(0x11A8...0x11C2) : "")
        case .combining:
            let base = pick([scalar(0x61...0x7A), scalar(0x4E00...0x9FFF), scalar(0xAC00...0xD7A3)])
            let marks = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                pick([scalar(0x300...0x36F), scalar(0x1AB0...0x1ABD), scalar(0x20D0...0x20DC), scalar(0x3099...0x309A)])
            }
            return base + marks.joined()
        case .emoji: return pick(["👍", "👋", "😀", "🎉", "🐱", "✋", "⌚", "🍣"])
        case .skinTone: return pick(["👍", "👋", "✋", "👩", "👨", "🙌"]) + scalar(0x1F3FB...0x1F3FF)
        case .zwjSequence:
            return pick([
                "👨\u{200D}👩\u{200D}👧", "👩\u{200D}💻", "🏳\u{FE0F}\u{200D}🌈", "👨🏽\u{200D}💻", "❤\u{FE0F}\u{200D}🔥",
                "🧑\u{200D}🤝\u{200D}🧑", "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
            ])
        case .flag: return pick(["🇯🇵", "🇨🇳", "🇰🇷", "🇹🇼", "🇫🇷"])
        case .variation: return pick(["❤\u{FE0F}", "☺\u{FE0F}", "#\u{FE0F}\u{20E3}", "✌\u{FE0F}", "❤\u{FE0E}", "☀"])
        case .zeroWidth: return pick(["\u{200B}", "\u{2060}", "\u{AD}", "\u{FEFF}"])
        case .control: return pick(["\t", "\u{7}", "\u{7F}", "\u{85}"])
        case .escape: return pick(["\u{1B}[1m", "\u{1B}[0m", "\u{1B}[38;5;208m", "\u{1B}[2K"])
        }
    }
}
