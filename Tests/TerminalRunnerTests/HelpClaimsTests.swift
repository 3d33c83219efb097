import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

/// Every claim the help at a prompt and the runner's messages make, exercised through the runner with a real task
/// session: the text is read from what the participant sees, and the behavior it names is then done and checked
/// (issue 50, item 7; docs/finish-later.md, docs/navigation.md).
@Suite("Help and messages at a question say what the runner does")
struct HelpClaimsTests {
    private let runUUID = UUID(uuidString: "0C2B4E8A-6F3D-4B1A-9E7C-5D2F8A1B3C4D")!

    /// An instruction, a required pain question, an optional sleep question, a consent and a completion step.
    private static let task = OrderedTask(
        identifier: "checkin",
        steps: [
            Step(
                identifier: "intro", title: "Daily check-in",
                content: .instruction(InstructionContent(bulletPoints: ["Two questions"]))),
            Step(
                identifier: "pain", title: "Pain",
                content: .question(QuestionContent(question: "Pain?", answerFormat: Fixtures.scale()))),
            Step(
                identifier: "sleep", title: "Sleep",
                content: .form(
                    FormContent(elements: [
                        .item(
                            FormItem(
                                identifier: "sleep.hours", text: "Sleep?", isOptional: true,
                                answerFormat: Fixtures.scale()))
                    ]))),
            Step(
                identifier: "consent", title: "Consent",
                content: .consentReview(
                    ConsentReviewContent(
                        sections: [ConsentSection(title: "Data", content: "We record your answers.")],
                        reasonForConsent: "I agree to take part."))),
            Step(identifier: "done", title: "Thank you", content: .completion(InstructionContent())),
        ])

    private struct Ran {
        var outcome: Result<TerminalRunOutcome, RunError>
        var run: TerminalRun<TaskSession>
        var output: CapturedOutput
        var source: RecordingSource

        /// The item (or, at an instruction or consent, the step) each line was read at; nil at a yes/no question.
        var askedAt: [String?] { source.requests.map { $0.prompt.map { $0.itemIdentifier ?? $0.stepIdentifier } } }

        /// The help texts shown, each from its "Help" title to the end of its tips.
        var helps: [String] {
            output.text.components(separatedBy: "Help\n").dropFirst().map { text in
                text.components(separatedBy: "\n").prefix { !$0.hasPrefix("Tab completes") }.joined(separator: "\n")
            }
        }
    }

    /// A run of `lines`; `offersFinishLater` and `keepsInterrupted` as `regimen run` sets them for a current event (a
    /// replay keeps no interrupted run; an event past finishing offers nothing).
    private func run(
        _ lines: [String], offersFinishLater: Bool = true, keepsInterrupted: Bool = true,
        ending: ScriptedLineSource.Ending = .endOfInput
    ) -> Ran {
        let output = CapturedOutput()
        let source = RecordingSource(lines: lines, ending: ending)
        var run = TerminalRun(
            session: TaskSession(
                task: Self.task, taskRunUUID: runUUID, startDate: Fixtures.start, timeZone: Fixtures.utc),
            source: source, presenter: Presenter(output: output, style: .plain), clock: Fixtures.TickingClock(),
            parsingContext: Fixtures.context,
            recording: TranscriptHeader(
                taskIdentifier: "checkin", surveyDigest: "ab", startDate: Fixtures.start, taskRunUUID: runUUID))
        run.formats = Fixtures.formats
        run.offersFinishLater = offersFinishLater
        run.interruptionsKeepAnswers = keepsInterrupted
        let outcome = Result { () throws(RunError) in try run.run() }
        return Ran(outcome: outcome, run: run, output: output, source: source)
    }

    @Test(
        "at an optional question after another: help lists back, skip, help and quit, and each does what its line says")
    func optionalQuestion() throws {
        // intro, pain 4, at sleep: help, back (to pain), 5, at sleep: help again, skip, then the consent.
        let ran = run(["", "4", "help", "back", "5", "help", "skip", "", "Ada", "King", "yes", ""])
        let help = try #require(ran.helps.first)
        #expect(help.contains("  back  go to the previous step"))
        #expect(help.contains("  skip  leave this question unanswered"))
        #expect(help.contains("  help  show this help"))
        #expect(help.contains("An empty line keeps the earlier answer, takes the default, or leaves it unanswered."))
        // help: the same question is asked again; back: the previous question; skip: the question is left unanswered.
        #expect(
            ran.askedAt == [
                "intro", "pain", "sleep.hours", "sleep.hours", "pain", "sleep.hours", "sleep.hours", "consent",
                "consent",
                "consent", "consent",
            ])
        #expect(ran.helps.count == 2, "help shows the help each time it is typed")
        let result = try ran.outcome.get().result
        #expect(
            result.stepResult(forStep: "pain")?.questionResult(forIdentifier: "pain")?.answer == .scale(.integer(5)))
        #expect(result.stepResult(forStep: "sleep") != nil)
        #expect(
            result.stepResult(forStep: "sleep")?.questionResult(forIdentifier: "sleep.hours")?.answer == nil,
            "skipped: the question holds no answer")
    }

    @Test("the help says an empty line leaves an optional question unanswered, and it does")
    func emptyLineAtOptional() throws {
        let ran = run(["", "4", "", "", "Ada", "King", "yes", ""])
        #expect(ran.output.text.contains("Left unanswered."))
        let result = try ran.outcome.get().result
        #expect(result.stepResult(forStep: "sleep")?.questionResult(forIdentifier: "sleep.hours")?.answer == nil)
    }

    @Test("at a required question: help lists no skip, and skip is refused with the same question asked again")
    func requiredQuestion() throws {
        let ran = run(["", "help", "skip", "4"])
        let help = try #require(ran.helps.first)
        #expect(!help.contains("  skip  "))
        #expect(help.contains("  back  go to the previous step"), "the instruction before it can be gone back to")
        #expect(ran.output.text.contains("This can't be skipped; it needs an answer"))
        #expect(Array(ran.askedAt.prefix(4)) == ["intro", "pain", "pain", "pain"])
    }

    @Test("at the first step: help lists no back; the instruction's help says Enter continues, and it does")
    func instruction() throws {
        let ran = run(["help", "back", ""])
        let help = try #require(ran.helps.first)
        #expect(help.contains("Press Enter (an empty line) to continue."))
        #expect(!help.contains("  back  "))
        #expect(ran.output.text.contains("There is no earlier step to go back to."))
        #expect(Array(ran.askedAt.prefix(4)) == ["intro", "intro", "intro", "pain"])
    }

    @Test(
        "when the run keeps answers: help says quit asks to keep them once something is answered, and Ctrl-C keeps them; both do"
    )
    func quitAndInterruptionKeeping() throws {
        let quit = run(["", "4", "help", "quit", "y"])
        let help = try #require(quit.helps.first)
        #expect(
            help.contains(
                "  quit  stop now; once something is answered, asks whether to keep the answers to finish later"))
        #expect(help.contains("Ctrl-C and Ctrl-D stop too, keeping the answers so far for the next run."))
        #expect(!help.contains("without saving"))
        #expect(quit.source.requests.last?.promptText == "Keep your answers so far to finish later? [y/N] ")
        #expect(throws: RunError.quitKeepingAnswers) { try quit.outcome.get() }
        #expect(quit.run.transcript?.entries.map(\.text) == ["", "4", "help"])
        // Nothing answered yet: quit stops at once, with nothing to keep.
        let early = run(["quit"])
        #expect(throws: RunError.quit) { try early.outcome.get() }
        #expect(early.source.requests.count == 1)
        // Ctrl-C (or Ctrl-D at an empty prompt) after an answer: the run keeps the lines, without asking.
        let interrupted = run(["", "4", "help"], ending: .interrupt)
        #expect(throws: RunError.interrupted) { try interrupted.outcome.get() }
        #expect(interrupted.run.keepsLinesWhenInterrupted)
        #expect(!interrupted.source.requests.contains { $0.promptText.hasPrefix("Keep") })
    }

    @Test("when the run cannot keep answers (an event past finishing): help says quit and Ctrl-C save nothing; they do")
    func quitAndInterruptionWithoutKeeping() throws {
        let quit = run(["", "4", "help", "quit", "y"], offersFinishLater: false)
        let help = try #require(quit.helps.first)
        #expect(help.contains("  quit  stop now without saving anything"))
        #expect(help.contains("Ctrl-C and Ctrl-D stop without saving anything."))
        #expect(throws: RunError.quit) { try quit.outcome.get() }
        #expect(!quit.source.requests.contains { $0.promptText.hasPrefix("Keep") }, "no question: the y is never read")
        let interrupted = run(["", "4", "help"], offersFinishLater: false, ending: .interrupt)
        #expect(throws: RunError.interrupted) { try interrupted.outcome.get() }
        #expect(!interrupted.run.keepsLinesWhenInterrupted)
    }

    @Test("a replay: help says quit asks to keep the answers and Ctrl-C saves nothing; both do")
    func replay() throws {
        let quit = run(["", "4", "help", "quit", "y"], keepsInterrupted: false)
        let help = try #require(quit.helps.first)
        #expect(
            help.contains(
                "  quit  stop now; once something is answered, asks whether to keep the answers to finish later"))
        #expect(help.contains("Ctrl-C and Ctrl-D stop without saving anything."))
        #expect(throws: RunError.quitKeepingAnswers) { try quit.outcome.get() }
        let interrupted = run(["", "4", "help"], keepsInterrupted: false, ending: .interrupt)
        #expect(throws: RunError.interrupted) { try interrupted.outcome.get() }
        #expect(!interrupted.run.keepsLinesWhenInterrupted)
    }

    @Test("the consent says quit stops, and refused statements say so; quit there asks to keep the answers before it")
    func consent() throws {
        let ran = run(["", "4", "5", "", "Ada", "King", "maybe", "skip", "help", "quit", "y"])
        let text = ran.output.text
        #expect(text.contains("Type yes to consent, or no to decline."))
        #expect(text.contains("The consent can't be skipped: type yes to agree, or quit to stop."))
        #expect(text.contains("Type yes to consent to the statement above, or no to decline"))
        #expect(!text.contains("without saving"))
        #expect(Array(ran.askedAt.suffix(5)) == ["consent", "consent", "consent", "consent", nil])
        #expect(throws: RunError.quitKeepingAnswers) { try ran.outcome.get() }
    }

    @Test(
        "a single choice's help says a number or a label; a multiple choice's help adds commas, and several are taken")
    func choiceHelp() throws {
        let single = RunnerCommandHelpFixture.help(for: Fixtures.choices)
        #expect(single.contains("You can type a choice's number or its label.\n"))
        #expect(!single.contains("commas"))
        let multiple = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .multiple,
                choices: [
                    TextChoice(text: "Walk", value: .string("walk")), TextChoice(text: "Rest", value: .string("rest")),
                ]))
        #expect(RunnerCommandHelpFixture.help(for: multiple).contains("separate several with commas"))
        #expect(
            multiple.choiceLabels(forNumbers: "1, 2") == "Walk, Rest",
            "numbers separated by commas are read as several choices")
    }
}

/// The help of one question of `format`, rendered as the runner renders it.
private enum RunnerCommandHelpFixture {
    static func help(for format: AnswerFormat) -> String {
        let prompt = Fixtures.question("q", format: format, canSkip: false, canGoBack: false)
        return PromptRenderer(
            style: .plain, context: Fixtures.context, rangeOfMotionDescription: nil, formats: Fixtures.formats
        )
        .help(prompt)
    }
}
