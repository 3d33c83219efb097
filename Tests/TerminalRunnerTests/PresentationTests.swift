import Foundation
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

@Suite("Presentation: prompts, color and where text goes")
struct PresentationTests {
    private func renderer(color: Bool = false) -> PromptRenderer {
        PromptRenderer(
            style: TextStyle(color: color), context: Fixtures.context, rangeOfMotionDescription: nil,
            formats: Fixtures.formats)
    }

    @Test("a question shows step title with progress, question, detail, range descriptions and default")
    func questionBlock() {
        let prompt = Fixtures.question(
            "pain", format: Fixtures.scale(default: 5), progress: StepProgress(current: 2, total: 5))
        let text = renderer().render(prompt, after: nil)
        #expect(text.contains("Check-in  (step 2 of 5)"))
        #expect(text.contains("How bad is your pain?"))
        #expect(text.contains("Think of today."))
        #expect(text.contains("1 = No pain, 10 = Worst pain"))
        #expect(text.contains("Default: 5 (press Enter to use it)."))
        #expect(!text.contains("\u{1B}["))
    }

    @Test("form items show their position and section; the step header only once per step")
    func formItems() {
        let first = Fixtures.question(
            "checkin", item: "pain", form: StepProgress(current: 1, total: 2), section: "Body")
        let second = Fixtures.question(
            "checkin", item: "sleep", text: "Sleep?", form: StepProgress(current: 2, total: 2), section: "Body")
        let one = renderer().render(first, after: nil)
        let two = renderer().render(second, after: first)
        #expect(one.contains("Question 1 of 2: How bad is your pain?"))
        #expect(one.contains("— Body —"))
        #expect(one.contains("Check-in"))
        #expect(two.contains("Question 2 of 2: Sleep?"))
        #expect(!two.contains("Check-in"))
        #expect(!two.contains("— Body —"))
    }

    @Test("a FHIR item's prefix is shown before the form's title, a group's header and a form item's text")
    func prefixes() throws {
        let task = OrderedTask(
            identifier: "intake",
            steps: [
                Step(
                    identifier: "g", title: "Details",
                    content: .form(
                        FormContent(elements: [
                            .group(
                                FormGroup(
                                    identifier: "inner", text: "Inner",
                                    elements: [
                                        .item(
                                            FormItem(
                                                identifier: "topping", text: "Topping", answerFormat: Fixtures.scale(),
                                                fhir: FHIRItemDetails(prefix: "5.1")))
                                    ],
                                    fhir: FHIRItemDetails(prefix: "5.2")))
                        ])),
                    fhir: FHIRItemDetails(prefix: "5"))
            ])
        let session = TaskSession(task: task, taskRunUUID: UUID(), startDate: Fixtures.start, timeZone: Fixtures.utc)
        let text = renderer().render(try #require(session.prompt), after: nil)
        #expect(text.contains("5 Details"))
        #expect(text.contains("5.2 Inner"))
        #expect(text.contains("5.1 Topping"))
    }

    @Test("choices are numbered; consent shows its sections and the statement to affirm")
    func choicesAndConsent() {
        let choices = renderer().render(Fixtures.question("a", format: Fixtures.choices), after: nil)
        #expect(choices.contains("  1. Walk\n  2. Very light rest\n"))
        let section = renderer().render(Fixtures.consent(stage: .section(0)), after: nil)
        #expect(
            section.contains(
                "study-consent 1 (2026-01-01)\n\nData gathering  (section 1 of 1)\nWe record your answers."))
        #expect(!section.contains("I agree to take part."))
        let consent = renderer().render(Fixtures.consent(), after: nil)
        #expect(!consent.contains("We record your answers."))
        #expect(consent.contains("Statement to affirm:\nI agree to take part."))
    }

    @Test("color on writes ANSI sequences, color off none")
    func color() {
        let prompt = Fixtures.question("pain")
        #expect(renderer(color: true).render(prompt, after: nil).contains("\u{1B}[1m"))
        #expect(!renderer(color: false).render(prompt, after: nil).contains("\u{1B}"))
    }

    @Test("prompts go to stdout only when stdin and stdout are terminals; color needs a terminal and no NO_COLOR")
    func environmentRouting() {
        let tty = TerminalEnvironment(
            inputIsTerminal: true, outputIsTerminal: true, errorIsTerminal: true, noColor: false)
        #expect(tty.promptStream == .standardOutput)
        #expect(tty.colorEnabled)
        var noColor = tty
        noColor.noColor = true
        #expect(!noColor.colorEnabled)
        let piped = TerminalEnvironment(
            inputIsTerminal: false, outputIsTerminal: true, errorIsTerminal: false, noColor: false)
        #expect(piped.promptStream == .standardError)
        #expect(!piped.colorEnabled)
        let redirected = TerminalEnvironment(
            inputIsTerminal: true, outputIsTerminal: false, errorIsTerminal: true, noColor: false)
        #expect(redirected.promptStream == .standardError)
        #expect(redirected.colorEnabled)
        #expect(piped.makePresenter(quiet: true).output is DiscardingOutput)
        #expect((piped.makePresenter(quiet: false).output as? FileDescriptorOutput)?.fileDescriptor == 2)
        #expect(piped.makeLineSource(historyFile: nil, quiet: false) is StandardInputLineSource)
        #expect(tty.makeLineSource(historyFile: nil, quiet: false) is ReadlineLineSource)
    }

    @Test("NO_COLOR counts only when set to something")
    func noColorVariable() {
        #expect(TerminalEnvironment.current(environment: ["NO_COLOR": "1"]).noColor)
        #expect(!TerminalEnvironment.current(environment: ["NO_COLOR": ""]).noColor)
        #expect(!TerminalEnvironment.current(environment: [:]).noColor)
    }

    @Test("TERM=dumb refuses color as a non-empty NO_COLOR does; other terminals and an empty NO_COLOR do not")
    func dumbTerminal() {
        #expect(TerminalEnvironment.refusesColor(["TERM": "dumb"]))
        #expect(TerminalEnvironment.refusesColor(["TERM": "dumb", "NO_COLOR": ""]))
        #expect(TerminalEnvironment.refusesColor(["TERM": "xterm-256color", "NO_COLOR": "yes"]))
        #expect(!TerminalEnvironment.refusesColor(["TERM": "xterm-256color", "NO_COLOR": ""]))
        #expect(!TerminalEnvironment.refusesColor(["TERM": "screen"]))
        #expect(TerminalEnvironment.current(environment: ["TERM": "dumb"]).noColor)
    }
}

@Suite("Commands and completion matching")
struct CommandAndCompletionTests {
    @Test("commands are whole words in any case, with : or ? forms; a backslash escapes them")
    func commands() {
        #expect(RunnerCommand(line: " BACK ") == .back)
        #expect(RunnerCommand(line: ":skip") == .skip)
        #expect(RunnerCommand(line: "?") == .help)
        #expect(RunnerCommand(line: "back pain") == nil)
        #expect(RunnerCommand(line: "\\back") == nil)
    }

    @Test("completion matches prefixes case-insensitively and keeps the spaces after a comma")
    func matching() {
        let words = CompletionSet.words(["Walk", "Very light rest", "help", "quit"])
        #expect(ReadlineCompletion.matches(of: "he", in: words) == ["help"])
        #expect(ReadlineCompletion.matches(of: "v", in: words) == ["Very light rest"])
        #expect(ReadlineCompletion.matches(of: " wa", in: words) == [" Walk"])
        #expect(ReadlineCompletion.matches(of: "x", in: words).isEmpty)
        #expect(ReadlineCompletion.matches(of: "", in: .fileNames).isEmpty)
    }
}
