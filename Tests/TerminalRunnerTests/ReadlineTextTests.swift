import Testing

@testable import TerminalRunner

/// What readline is given to measure its prompt (docs/text-width.md, "The readline prompt"): a UTF-8 character type,
/// and escape sequences marked invisible.
@Suite("Readline's prompt: UTF-8 characters, invisible escape sequences")
struct ReadlineTextTests {
    @Test("escape sequences are bracketed by \\001 and \\002; plain and CJK text is left alone")
    func markedPrompt() {
        #expect(ReadlinePrompt.marked("痛みは？ [y/N] ") == "痛みは？ [y/N] ")
        #expect(
            ReadlinePrompt.marked("\u{1B}[1m痛み\u{1B}[0m> ")
                == "\u{1}\u{1B}[1m\u{2}痛み\u{1}\u{1B}[0m\u{2}> ")
        #expect(ReadlinePrompt.marked("\u{1B}[38;5;208m> ") == "\u{1}\u{1B}[38;5;208m\u{2}> ")
    }

    @Test("while readline runs LC_CTYPE is multibyte (UTF-8), and the one before is put back after")
    func characterType() {
        let before = ReadlineLocale.isMultibyte
        let previous = ReadlineLocale.useUTF8()
        #expect(ReadlineLocale.isMultibyte, "no UTF-8 locale among \(ReadlineLocale.candidates) on this system")
        ReadlineLocale.restore(previous)
        #expect(ReadlineLocale.isMultibyte == before)
    }
}
