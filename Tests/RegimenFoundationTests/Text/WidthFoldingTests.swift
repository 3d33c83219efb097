import RegimenFoundation
import Testing

@Suite("Fullwidth digits, signs and separators fold to ASCII, nothing else (docs/languages.md, \"What is read\")")
struct WidthFoldingTests {
    @Test("Every fullwidth digit folds to its ASCII digit")
    func digits() {
        #expect(WidthFolding.folded("０１２３４５６７８９") == "0123456789")
    }

    @Test("Signs, point, comma, colon, solidus, ideographic space and full stop fold; mixed widths end up alike")
    func separators() {
        #expect(WidthFolding.folded("＋１") == "+1")
        #expect(WidthFolding.folded("－３") == "-3")
        #expect(WidthFolding.folded("４．５") == "4.5")
        #expect(WidthFolding.folded("４.５") == "4.5")
        #expect(WidthFolding.folded("4．5") == "4.5")
        #expect(WidthFolding.folded("４。５") == "4.5")
        #expect(WidthFolding.folded("１，０００") == "1,000")
        #expect(WidthFolding.folded("２０２６／１１／２９　９：３０") == "2026/11/29 9:30")
    }

    @Test("Letters, kana, ideographs, other fullwidth forms and ASCII stay as typed")
    func untouched() {
        #expect(WidthFolding.folded("２０２６年１１月２９日") == "2026年11月29日")
        #expect(WidthFolding.folded("ＡＢＣ") == "ＡＢＣ")
        #expect(WidthFolding.folded("痛み、ＯＫ？") == "痛み、ＯＫ？")
        #expect(WidthFolding.folded("plain 4.5") == "plain 4.5")
        #expect(WidthFolding.folded("") == "")
    }
}
