import Testing

@testable import StudyCommands

/// The SAS program's names and literals (docs/analysis-exports.md, "SAS"): format names valid and unique, strings
/// single-quoted with quotes doubled, on one line, cut to 256 bytes at a character boundary.
struct AnalysisSASProgramTests {
    @Test("format names end in _f (never a digit), fit 32 characters (31 after $) and are unique ignoring case")
    func formatNames() {
        var taken: Set<String> = []
        let a30 = String(repeating: "a", count: 30)
        #expect(AnalysisSASProgram.formatName(for: "pain_2", text: false, taken: &taken) == "pain_2_f")
        #expect(AnalysisSASProgram.formatName(for: a30 + "_x", text: false, taken: &taken) == a30 + "_f")
        let second = AnalysisSASProgram.formatName(for: a30 + "_y", text: false, taken: &taken)
        #expect(second == String(repeating: "a", count: 28) + "_2_f", "shortened, it collides: _2_f within 32")
        let text = AnalysisSASProgram.formatName(for: a30 + "_z", text: true, taken: &taken)
        #expect(text == "$" + String(repeating: "a", count: 29) + "_f", "31 characters after the $")
        let another = AnalysisSASProgram.formatName(for: a30 + "_w", text: true, taken: &taken)
        #expect(another == "$" + String(repeating: "a", count: 27) + "_2_f")
        #expect(AnalysisSASProgram.formatName(for: "PAIN_2", text: false, taken: &taken) == "PAIN_2_2_f", "case")
    }

    @Test("literals: single quotes doubled, & and % inside single quotes, breaks and controls as spaces, 256 bytes")
    func literals() {
        #expect(AnalysisSASProgram.literal("It's \"fine\"", bytes: 256) == "'It''s \"fine\"'")
        #expect(AnalysisSASProgram.literal("A & B %macro;", bytes: 256) == "'A & B %macro;'")
        #expect(AnalysisSASProgram.literal("one\r\ntwo\tthree\u{0}four", bytes: 256) == "'one two three four'")
        let japanese = AnalysisSASProgram.literal(String(repeating: "日", count: 100), bytes: 256)
        #expect(japanese == "'" + String(repeating: "日", count: 85) + "'", "85 characters of 3 bytes fit in 256")
        let quotes = AnalysisSASProgram.literal(String(repeating: "'", count: 300), bytes: 256)
        #expect(quotes == "'" + String(repeating: "''", count: 256) + "'", "cut before doubling")
    }
}
