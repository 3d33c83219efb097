import RegimenFoundation
import TestSupport
import Testing

/// Terminal widths (docs/text-width.md): known widths by class, the width of random text against the Python wcwidth
/// package, and wrapping and truncation over random text.
@Suite struct TerminalColumnsTests {
    @Test func printableASCIITakesAColumnAByte() {
        #expect(TerminalColumns.width(of: "") == 0)
        #expect(TerminalColumns.width(of: "Pain score: 4") == 13)
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(TerminalColumns.width(of: "痛み") == 4)  // CJK ideograph, hiragana
        #expect(TerminalColumns.width(of: "한국어") == 6)  // Hangul syllables
        #expect(TerminalColumns.width(of: "ＡＢ") == 4)  // fullwidth forms
        #expect(TerminalColumns.width(of: "、。") == 4)  // CJK punctuation
    }

    @Test func combiningAndFormatCharactersTakeNone() {
        #expect(TerminalColumns.width(of: "e\u{301}") == 1)  // combining acute (Mn)
        #expect(TerminalColumns.width(of: "a\u{20DD}") == 1)  // enclosing circle (Me)
        #expect(TerminalColumns.width(of: "a\u{200B}b") == 2)  // zero width space (Cf)
        #expect(TerminalColumns.width(of: "a\u{AD}b") == 3)  // the soft hyphen is shown
        #expect(TerminalColumns.width(of: "\u{1100}\u{1161}\u{11A8}") == 2)  // Hangul jamo: medial and final none
    }

    @Test func emojiSequencesTakeTheirFirstPictographsColumns() {
        #expect(TerminalColumns.width(of: "👍") == 2)
        #expect(TerminalColumns.width(of: "👍🏽") == 2)  // skin-tone modifier
        #expect(TerminalColumns.width(of: "👨‍👩‍👧") == 2)  // ZWJ sequence
        #expect(TerminalColumns.width(of: "❤\u{FE0F}") == 2)  // VS16 widens a narrow emoji
        #expect(TerminalColumns.width(of: "❤") == 1)
        #expect(TerminalColumns.width(of: "🇯🇵🇨🇳") == 4)  // two flags of two regional indicators each
    }

    @Test func controlCharactersAndEscapeSequencesTakeNone() {
        #expect(TerminalColumns.width(of: "a\tb\u{7}") == 2)
        #expect(TerminalColumns.width(of: "\u{1B}[1m痛み\u{1B}[0m") == 4)
        #expect(TerminalColumns.width(of: "\u{1B}]8;;https://example.org\u{7}link\u{1B}]8;;\u{1B}\\") == 4)
    }

    @Test func aStringTakesItsClustersSum() {
        let text = "e\u{301}痛👍🏽ab👨‍👩‍👧"
        #expect(TerminalColumns.width(of: text) == text.map(TerminalColumns.width(of:)).reduce(0, +))
    }

    @Test func paddingCountsColumnsNotCharacters() {
        #expect(TerminalColumns.padded("痛み", to: 6) == "痛み  ")
        #expect(TerminalColumns.rightAligned("痛み", to: 6) == "  痛み")
        #expect(TerminalColumns.padded("痛みの強さ", to: 6) == "痛みの強さ")  // never cut
    }

    @Test func truncationKeepsWholeClustersAndFillsTheWidth() {
        #expect(TerminalColumns.truncated("short", to: 10) == "short")
        #expect(TerminalColumns.truncated("痛みの強さ", to: 6) == "痛み… ")  // 痛み (4) + … (1) + a space
        #expect(TerminalColumns.truncated("痛みの強さ", to: 7) == "痛みの…")
        #expect(TerminalColumns.truncated("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(TerminalColumns.truncated("👨‍👩‍👧👨‍👩‍👧", to: 3) == "👨‍👩‍👧…")
        #expect(TerminalColumns.truncated("abc", to: 0) == "")
    }

    @Test func truncationOfRandomTextIsExactlyTheWidthAndAPrefix() {
        var random = SplitMix64(seed: 45_05)
        for _ in 0..<2000 {
            let text = RandomTerminalText.string(using: &random)
            let columns = Int.random(in: 1...20, using: &random)
            let cut = TerminalColumns.truncated(text, to: columns)
            if TerminalColumns.width(of: text) <= columns {
                #expect(cut == text)
                continue
            }
            #expect(TerminalColumns.width(of: cut) == columns, "\(text.debugDescription) to \(columns)")
            let kept = cut.dropLast(cut.hasSuffix(" ") ? 2 : 1)
            #expect(Array(text).starts(with: Array(kept)), "\(text.debugDescription) cut as \(cut.debugDescription)")
        }
    }

    @Test func wrappingBreaksAtSpacesThenBetweenWideClusters() {
        #expect(TerminalColumns.wrapped("take the pill with water", to: 10) == ["take the", "pill with", "water"])
        #expect(TerminalColumns.wrapped("痛みの強さを選んでください", to: 10) == ["痛みの強さ", "を選んでく", "ださい"])
        #expect(TerminalColumns.wrapped("  indented text", to: 10) == ["  indented", "text"])
        #expect(TerminalColumns.wrapped("first\nsecond", to: 20) == ["first", "second"])
        #expect(TerminalColumns.wrapped("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalColumns.wrapped("痛", to: 1) == ["痛"])  // wider than the line: alone on its own
    }

    /// The property: over random text of every class, no line is wider than the width, and the lines hold the
    /// text's grapheme clusters in order, none split (only the spaces at breaks are dropped).
    @Test func wrappingNeverSplitsAClusterNorExceedsTheWidth() {
        var random = SplitMix64(seed: 45)
        for _ in 0..<3000 {
            let text = RandomTerminalText.string(using: &random, pieces: 1...40)
            let columns = Int.random(in: 2...30, using: &random)
            let lines = TerminalColumns.wrapped(text, to: columns)
            for line in lines {
                #expect(TerminalColumns.width(of: line) <= columns, "\(text.debugDescription) at \(columns)")
            }
            let clusters = lines.flatMap { Array($0) }.filter { $0 != " " }
            #expect(clusters == Array(text).filter { $0 != " " }, "\(text.debugDescription) at \(columns): \(lines)")
        }
    }

    /// The width of thousands of random strings — ASCII, CJK, Hangul, combining marks, emoji with skin tones, ZWJ
    /// sequences, flags, zero-width and control characters, escape sequences — as Python's wcwidth gives it.
    @Test func widthsAgreeWithPythonsWcwidth() throws {
        if let reason = Wcwidth.unavailableReason {
            print("skipped: \(reason)")
            return
        }
        var random = SplitMix64(seed: 2026)
        let texts = (0..<5000).map { _ in RandomTerminalText.string(using: &random, pieces: 1...12) }
        let expected = try Wcwidth.widths(of: texts)
        try #require(expected.count == texts.count)
        var disagreements: [String] = []
        for (text, width) in zip(texts, expected) where TerminalColumns.width(of: text) != width {
            disagreements.append("\(text.debugDescription): \(TerminalColumns.width(of: text)), wcwidth \(width)")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(texts.count): \(disagreements.prefix(10))")
    }

    /// Every scalar of the classes alone, against wcwidth: the tables copied whole.
    @Test func singleScalarWidthsAgreeWithPythonsWcwidth() throws {
        if let reason = Wcwidth.unavailableReason {
            print("skipped: \(reason)")
            return
        }
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x36F, 0x1100...0x11FF, 0x2000...0x2BFF, 0x3000...0x30FF, 0x4E00...0x4FFF,
            0xAC00...0xAD00, 0xFE00...0xFFEF, 0x1F300...0x1FAFF,
        ]
        let texts = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).map { String($0) }
        let expected = try Wcwidth.widths(of: texts)
        try #require(expected.count == texts.count)
        let wrong = zip(texts, expected).filter { TerminalColumns.width(of: $0) != $1 }
        #expect(wrong.isEmpty, "\(wrong.count) of \(texts.count): \(wrong.prefix(10).map(\.0.unicodeScalars.first))")
    }
}
