import Testing

@testable import ResearchTasks

@Suite("Text format (docs/answer-formats.md, \"Text and numbers typed\")")
struct TextFormatTests {
    static let phone = #"^[2-9]\d{2}-\d{3}-\d{4}$"#

    @Test(
        "testTextAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): maximum length 10 accepts \"CORRECT\" and refuses the long string"
    )
    func maximumLength() {
        let format = AnswerFormat.text(TextFormat(maximumLength: 10))
        #expect(format.answer("CORRECT") == .text("CORRECT"))
        #expect(
            format.message("REALLY LONG STRING! I THINK?")
                == "the text has 28 characters, more than 10: enter text of at most 10 characters")
        #expect(format.answer("0123456789") == .text("0123456789"))
        #expect(format.message("01234567890") != nil)
    }

    @Test("length counts UTF-16 code units (docs/answer-formats.md, \"Text and numbers typed\")")
    func utf16Length() {
        let format = AnswerFormat.text(TextFormat(maximumLength: 3))
        #expect(format.answer("ééé") == .text("ééé"))
        // One emoji is two UTF-16 units.
        #expect(format.answer("😀a") == .text("😀a"))
        #expect(format.message("😀😀") == "the text has 4 characters, more than 3: enter text of at most 3 characters")
    }

    @Test(
        "testTextAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): the phone pattern accepts 333-444-5555 and refuses 123-456-7890 with invalidMessage"
    )
    func phonePattern() {
        let format = AnswerFormat.text(TextFormat(pattern: Self.phone, invalidMessage: "Enter a phone number"))
        #expect(format.answer("333-444-5555") == .text("333-444-5555"))
        #expect(format.message("123-456-7890") == "Enter a phone number")
    }

    @Test(
        "testInvalidRegularExpressionAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): ^[A-F,0-9]+$ refuses Q2 and abcd, accepts ABCD1234FFED0987654321"
    )
    func hexPattern() {
        let format = AnswerFormat.text(TextFormat(pattern: "^[A-F,0-9]+$", invalidMessage: "Hex only"))
        #expect(format.message("Q2") == "Hex only")
        #expect(format.message("abcd") == "Hex only")
        #expect(format.answer("ABCD1234FFED0987654321") == .text("ABCD1234FFED0987654321"))
    }

    @Test(
        "the pattern is a search, so an unanchored pattern matches a substring (docs/answer-formats.md, \"Text and numbers typed\")"
    )
    func unanchored() {
        let format = AnswerFormat.text(TextFormat(pattern: "[0-9]", invalidMessage: "Include a digit"))
        #expect(format.answer("room 12b") == .text("room 12b"))
        #expect(format.message("room") == "Include a digit")
    }

    @Test("Both failures are joined by a newline, as ResearchKit does; the text is trimmed")
    func bothFailures() {
        let format = AnswerFormat.text(TextFormat(maximumLength: 3, pattern: "^[0-9]+$", invalidMessage: "Digits only"))
        #expect(
            format.message("abcd")
                == "the text has 4 characters, more than 3: enter text of at most 3 characters\nDigits only")
        #expect(format.answer("  12 \n") == .text("12"))
        #expect(format.message("   ") == "an answer is needed: enter text of at most 3 characters")
    }

    @Test("A pattern without an invalid message is described by the pattern, never as \"any text\" (issue 11 item 6)")
    func patternDescribed() {
        let format = AnswerFormat.text(TextFormat(pattern: "^[0-9]+$"))
        #expect(
            format.message("abc") == "the text is not in the expected form: enter text matching the pattern ^[0-9]+$")
        #expect(format.acceptedInputDescription(context: FormatFixture.context) == "text matching the pattern ^[0-9]+$")
    }

    @Test("Validation: pattern and invalidMessage go together; the pattern compiles; length not negative")
    func validation() {
        #expect(AnswerFormat.text(TextFormat(pattern: "a")).problemPaths == ["invalidMessage"])
        #expect(AnswerFormat.text(TextFormat(invalidMessage: "bad")).problemPaths == ["pattern"])
        #expect(
            AnswerFormat.text(TextFormat(pattern: "([a-z", invalidMessage: "bad")).validationProblems()
                == [FormatProblem(path: "pattern", reason: "pattern is not a valid regular expression")])
        #expect(AnswerFormat.text(TextFormat(maximumLength: -1)).problemPaths == ["maximumLength"])
        #expect(
            AnswerFormat.text(TextFormat(maximumLength: 10, pattern: Self.phone, invalidMessage: "x"))
                .validationProblems().isEmpty)
    }

    @Test("An uncompilable pattern does not crash parsing")
    func brokenPattern() {
        #expect(
            AnswerFormat.text(TextFormat(pattern: "([a-z", invalidMessage: "bad")).answer("anything")
                == .text("anything"))
    }

    @Test("Default text as given; descriptions; display; no completions")
    func presentation() {
        #expect(AnswerFormat.text(TextFormat(defaultText: "none")).defaultAnswer == .text("none"))
        #expect(AnswerFormat.text(TextFormat()).defaultAnswer == nil)
        #expect(AnswerFormat.text(TextFormat(maximumLength: 10)).accepted == "text of at most 10 characters")
        #expect(AnswerFormat.text(TextFormat()).accepted == "any text")
        #expect(AnswerFormat.text(TextFormat()).shown(.text("fine")) == "fine")
        #expect(AnswerFormat.text(TextFormat()).completions(context: FormatFixture.context).isEmpty)
    }
}
