/// The characters and colors the terminal chart uses (docs/insights.md, "Color and characters"): ANSI color on a
/// terminal; monochrome when NO_COLOR is set or output is not a terminal, the series told apart by their glyphs; and
/// ASCII only with `--ascii` or TERM=dumb.
enum ChartGlyphs: Sendable, Hashable {
    /// Unicode block characters in color.
    case color
    /// Unicode block characters without escape sequences.
    case monochrome
    /// Printable ASCII only.
    case ascii

    /// The glyphs for the flags and environment: `--ascii` or TERM=dumb give ASCII; color only when allowed.
    static func choose(ascii: Bool, variables: [String: String], colorAllowed: Bool) -> ChartGlyphs {
        if ascii || variables["TERM"] == "dumb" { return .ascii }
        return colorAllowed ? .color : .monochrome
    }

    /// The fill of series `index`'s bars.
    func bar(_ index: Int) -> Character {
        let fills: [Character] = self == .ascii ? ["#", "=", "%", "+"] : ["█", "▒", "░", "▓"]
        return fills[index % fills.count]
    }

    /// The mark of series `index`'s points.
    func point(_ index: Int) -> Character {
        let marks: [Character] = self == .ascii ? ["*", "o", "x", "@"] : ["●", "○", "◆", "◇"]
        return marks[index % marks.count]
    }

    /// A recorded value too small to fill one row (so a zero is never mistaken for a missing day).
    var low: Character { self == .ascii ? "_" : "▁" }
    /// The axis mark of a column without an outcome.
    var empty: Character { self == .ascii ? "." : "·" }
    /// The horizontal axis.
    var horizontal: Character { self == .ascii ? "-" : "─" }
    /// A vertical axis.
    var vertical: Character { self == .ascii ? "|" : "│" }
    /// A tick on the left axis.
    var leftTick: Character { self == .ascii ? "+" : "┤" }
    /// A tick on the right axis.
    var rightTick: Character { self == .ascii ? "+" : "├" }
    /// Where the axes meet.
    var corner: Character { self == .ascii ? "+" : "┼" }

    /// `text` in series `index`'s color (unchanged without color).
    func paint(_ text: String, series index: Int) -> String {
        guard self == .color else { return text }
        let codes = ["36", "33", "35", "32"]
        return "\u{1B}[\(codes[index % codes.count])m\(text)\u{1B}[0m"
    }

    /// `text` in bold (unchanged without color).
    func bold(_ text: String) -> String {
        self == .color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// `text` as these glyphs may show it: in ASCII, other characters become "?".
    func printable(_ text: String) -> String {
        guard self == .ascii else { return text }
        return String(text.unicodeScalars.map { $0.isASCII && $0.value >= 32 ? Character($0) : "?" })
    }
}
