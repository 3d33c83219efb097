import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// Issue 11 item 6: what reaches an answer, the transcript or the screen from a typed line.
@Suite("Terminal hygiene: control characters, multi-line text, patterns")
struct TerminalHygieneTests {
    static let header = TranscriptHeader(
        taskIdentifier: "checkin", surveyDigest: "d", startDate: Fixtures.start, taskRunUUID: UUID())

    @Test(
        "A line with ESC, NUL, another C0, DEL or C1 is refused without echo and never recorded; tab is kept",
        arguments: ["4\u{1B}[A", "\u{00}4", "4\u{07}", "4\u{7F}", "4\u{9B}2J", "\u{1B}"])
    func controlCharactersRefused(line: String) throws {
        let prompts = [Fixtures.question("notes", format: .text(TextFormat()))]
        let (outcome, session, output) = Fixtures.run(
            FakeSession(prompts), lines: [line, "fine\tthanks"], recording: Self.header)
        let transcript = try #require(try outcome.get().transcript)
        #expect(session.answers == [.text("fine\tthanks")])
        #expect(transcript.entries.map(\.text) == ["fine\tthanks"])
        #expect(output.contains("control characters"))
        #expect(
            !output.unicodeScalars.contains {
                $0.value == 0x1B || $0.value == 0 || $0.value == 0x07 || $0.value == 0x7F || $0.value == 0x9B
            })
    }

    @Test("Control characters at a command or an empty-looking line are refused too (no skip, no default taken)")
    func controlCharactersNeverMeanCommands() throws {
        let prompts = [Fixtures.question("pain", format: Fixtures.scale(default: 5), optional: true, canSkip: true)]
        let (outcome, session, _) = Fixtures.run(FakeSession(prompts), lines: ["skip\u{1B}", "\u{1B}", "3"])
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.answer(.scale(.integer(3)))])
    }

    @Test("Caret notation makes control characters visible and harmless")
    func visibleForm() {
        #expect(ControlCharacters.visible("a\u{1B}[Ab\u{00}\u{7F}\u{9B}\tc") == "a^[[Ab^@^?<U+009B>\tc")
        #expect(!ControlCharacters.occur(in: "tab\there, ünïcode ✓"))
        #expect(ControlCharacters.occur(in: "\r"))
    }

    static let note = Fixtures.question(
        "note", format: .text(TextFormat(maximumLength: 40, multipleLines: true)), optional: true)

    @Test("multipleLines: lines are read until an empty one and joined with newlines; each typed line is recorded")
    func multipleLines() throws {
        let prompts = [Self.note, Fixtures.question("pain")]
        let (outcome, session, output) = Fixtures.run(
            FakeSession(prompts), lines: ["Knee stiff", "  in the morning", "", "4"], recording: Self.header,
            formats: .standard)
        let transcript = try #require(try outcome.get().transcript)
        #expect(session.answers == [.text("Knee stiff\n  in the morning"), .scale(.integer(4))])
        #expect(transcript.entries.map(\.text) == ["Knee stiff", "  in the morning", "", "4"])
        #expect(transcript.entries.prefix(3).allSatisfy { $0.stepIdentifier == "note" })
        #expect(output.contains("press Enter on an empty line to finish"))
    }

    @Test("multipleLines: an empty first line still leaves the question unanswered, a command still acts")
    func multipleLinesFirstLine() throws {
        let (outcome, session, _) = Fixtures.run(
            FakeSession([Self.note, Fixtures.question("pain")]), lines: ["", "4"], formats: .standard)
        _ = try outcome.get()
        #expect(session.submissions.map(\.input) == [.noAnswer, .answer(.scale(.integer(4)))])
        let (quit, _, _) = Fixtures.run(FakeSession([Self.note]), lines: ["quit"], formats: .standard)
        #expect(throws: RunError.quit) { try quit.get() }
    }

    @Test("multipleLines: the length limit counts the joined text; too long is refused and the question asked again")
    func multipleLinesTooLong() throws {
        let long = String(repeating: "x", count: 30)
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Self.note]), lines: [long, long, "", "short", ""], formats: .standard)
        _ = try outcome.get()
        #expect(session.answers == [.text("short")])
        #expect(output.contains("more than 40"))
    }

    @Test("multipleLines: end of input after some lines keeps them; Ctrl-C abandons; a control line is re-asked alone")
    func multipleLinesEnds() throws {
        let (ended, session, _) = Fixtures.run(FakeSession([Self.note]), lines: ["one", "two"], formats: .standard)
        _ = try ended.get()
        #expect(session.answers == [.text("one\ntwo")])
        let (interrupted, _, _) = Fixtures.run(
            FakeSession([Self.note]), lines: ["one"], ending: .interrupt, formats: .standard)
        #expect(throws: RunError.interrupted) { try interrupted.get() }
        let (withControl, controlled, output) = Fixtures.run(
            FakeSession([Self.note]), lines: ["one", "t\u{1B}wo", "two", ""], formats: .standard)
        _ = try withControl.get()
        #expect(controlled.answers == [.text("one\ntwo")])
        #expect(output.contains("control characters"))
    }

    @Test("A pattern question shows its invalidMessage, not \"Enter any text\", in the prompt and in help")
    func patternWithMessage() throws {
        let format = AnswerFormat.text(
            TextFormat(
                pattern: "^[A-Z]{3}-[0-9]{3}$",
                invalidMessage: "Use three capital letters, a dash and three digits, like ABC-123."))
        let (outcome, session, output) = Fixtures.run(
            FakeSession([Fixtures.question("code", format: format)]), lines: ["help", "abc", "ABC-123"],
            formats: .standard)
        _ = try outcome.get()
        #expect(session.answers == [.text("ABC-123")])
        #expect(!output.contains("any text"))
        #expect(
            output.components(separatedBy: "Use three capital letters, a dash and three digits, like ABC-123.").count
                == 4)
    }

    @Test("A pattern without an invalidMessage is described by the pattern itself")
    func patternWithoutMessage() throws {
        let format = AnswerFormat.text(TextFormat(maximumLength: 7, pattern: "^[0-9]+$"))
        let (outcome, _, output) = Fixtures.run(
            FakeSession([Fixtures.question("code", format: format)]), lines: ["x", "12"], formats: .standard)
        _ = try outcome.get()
        #expect(output.contains("Enter text of at most 7 characters matching the pattern ^[0-9]+$."))
        #expect(
            output.contains(
                "the text is not in the expected form: enter text of at most 7 characters matching the pattern ^[0-9]+$"
            ))
        #expect(!output.contains("any text"))
    }
}
