import Testing

@testable import ResearchTasks

/// Counts in messages agree with their nouns and verbs (docs/command-line-conventions.md).
@Suite("Plural words")
struct PluralTests {
    @Test("exactly one takes the singular; zero, many and negative counts take the plural")
    func agreement() {
        #expect(Plural.count(1, "file") == "1 file")
        #expect(Plural.count(0, "file") == "0 files")
        #expect(Plural.count(2, "file") == "2 files")
        #expect(Plural.count(-1, "degree") == "-1 degrees")
        #expect(Plural.word(1, "was", "were") == "was")
        #expect(Plural.word(3, "was", "were") == "were")
        #expect(Plural.count(2, "entry", "entries") == "2 entries")
    }

    @Test("answer-format messages use it: a one-character limit says \"1 character\"")
    func answerFormats() {
        let format = AnswerFormat.text(TextFormat(maximumLength: 1))
        #expect(format.message("ab") == "the text has 2 characters, more than 1: enter text of at most 1 character")
    }
}
