import Foundation

@testable import ResearchTasks
@testable import TerminalRunner

/// Prompts, formats and a fake answer parser for the runner's tests.
enum Fixtures {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let utc = TimeZone(identifier: "UTC")!
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }
    static var context: AnswerParsingContext { AnswerParsingContext(calendar: calendar, now: start) }

    /// A scale 1…10 format; `defaultValue` optional.
    static func scale(default value: Int? = nil) -> AnswerFormat {
        .scale(
            ScaleFormat(
                minimum: 1, maximum: 10, defaultValue: value, minimumDescription: "No pain",
                maximumDescription: "Worst pain"))
    }

    static let choices = AnswerFormat.textChoice(
        TextChoiceFormat(
            style: .single,
            choices: [
                TextChoice(text: "Walk", value: .string("walk")),
                TextChoice(text: "Very light rest", value: .string("rest")),
            ]))

    /// Parses whole-number scales and single choices by label, standing in for the answer formats' own rules.
    static let formats = AnswerFormatBehavior(
        parse: { format, text, _ in
            switch format {
            case .scale(let scale):
                guard let number = Int(text) else {
                    return .failure(
                        AnswerInputError(
                            message:
                                "not a whole number: enter a whole number from \(scale.minimum) to \(scale.maximum)"))
                }
                if number > scale.maximum {
                    return .failure(
                        AnswerInputError(
                            message:
                                "\(number) is above the maximum \(scale.maximum): enter a whole number from \(scale.minimum) to \(scale.maximum)"
                        ))
                }
                if number < scale.minimum {
                    return .failure(AnswerInputError(message: "\(number) is below the minimum \(scale.minimum)"))
                }
                return .success(.scale(.integer(number)))
            case .textChoice(let choice):
                guard let match = choice.choices.first(where: { $0.text.lowercased() == text.lowercased() }) else {
                    return .failure(AnswerInputError(message: "not one of the choices"))
                }
                return .success(.choices([match.value]))
            case .text:
                return .success(.text(text))
            default:
                return .failure(AnswerInputError(message: "unsupported in tests"))
            }
        },
        defaultAnswer: { format in
            if case .scale(let scale) = format, let value = scale.defaultValue { return .scale(.integer(value)) }
            return nil
        })

    /// An instruction, the two-item check-in form and a completion step: the real session's usual test task.
    static let checkInTask = OrderedTask(
        identifier: "checkin",
        steps: [
            Step(
                identifier: "intro", title: "Daily check-in",
                content: .instruction(InstructionContent(bulletPoints: ["Two questions"]))),
            Step(
                identifier: "checkin.form", title: "Check-in",
                content: .form(
                    FormContent(elements: [
                        .item(
                            FormItem(
                                identifier: "checkin.form.pain", text: "Pain?", isOptional: false,
                                answerFormat: Fixtures.scale())),
                        .item(
                            FormItem(
                                identifier: "checkin.form.sleep", text: "Sleep?", isOptional: false,
                                answerFormat: Fixtures.scale())),
                    ]))),
            Step(identifier: "done", title: "Thank you", content: .completion(InstructionContent())),
        ])

    static func step(_ id: String, title: String? = nil, _ content: StepContent) -> Step {
        Step(identifier: id, title: title, content: content)
    }

    static func instruction(_ id: String, bullets: [String] = [], canGoBack: Bool = false) -> Prompt {
        let content = InstructionContent(bulletPoints: bullets)
        return Prompt(
            step: step(id, title: "Welcome", .instruction(content)), item: .instruction(content), progress: nil,
            formPosition: nil, canSkip: false, canGoBack: canGoBack, previousAnswer: nil)
    }

    static func completion(_ id: String = "done") -> Prompt {
        let content = InstructionContent(bulletPoints: ["Thanks"])
        return Prompt(
            step: step(id, title: "All done", .completion(content)), item: .completion(content), progress: nil,
            formPosition: nil, canSkip: false, canGoBack: false, previousAnswer: nil)
    }

    /// A question on step `stepID` (a form item when `form` is given).
    static func question(
        _ stepID: String, item: String? = nil, text: String = "How bad is your pain?", format: AnswerFormat = scale(),
        optional: Bool = false, canSkip: Bool = false, canGoBack: Bool = true, progress: StepProgress? = nil,
        form: StepProgress? = nil, section: String? = nil, previous: Answer? = nil
    ) -> Prompt {
        let question = QuestionPromptItem(
            identifier: item ?? stepID, text: text, detailText: "Think of today.", isOptional: optional,
            answerFormat: format, sectionTitles: section.map { [$0] } ?? [])
        let content: StepContent =
            form == nil
            ? .question(QuestionContent(question: text, answerFormat: format))
            : .form(
                FormContent(elements: [
                    .item(FormItem(identifier: item ?? stepID, text: text, isOptional: optional, answerFormat: format))
                ]))
        return Prompt(
            step: step(stepID, title: "Check-in", content), item: .question(question), progress: progress,
            formPosition: form, canSkip: canSkip, canGoBack: canGoBack, previousAnswer: previous)
    }

    static func consent(_ id: String = "consent", stage: ConsentStage = .agreement) -> Prompt {
        let content = ConsentReviewContent(
            sections: [ConsentSection(title: "Data gathering", content: "We record your answers.")],
            reasonForConsent: "I agree to take part.",
            document: ConsentDocument(identifier: "study-consent", version: "1", effectiveDate: "2026-01-01"))
        return Prompt(
            step: step(id, title: "Consent", .consentReview(content)),
            item: .consent(ConsentPrompt(content: content, stage: stage)), progress: nil,
            formPosition: nil, canSkip: false, canGoBack: true, previousAnswer: nil)
    }

    static func rangeOfMotion(_ id: String = "knee") -> Prompt {
        let content = RangeOfMotionContent(joint: .knee, limb: .left)
        return Prompt(
            step: step(id, title: "Knee", .rangeOfMotion(content)), item: .rangeOfMotion(content), progress: nil,
            formPosition: nil, canSkip: true, canGoBack: true, previousAnswer: nil)
    }

    /// A clock that moves one second forward each time it is read.
    final class TickingClock: WallClock, @unchecked Sendable {
        private var next: Date
        private let lock = NSLock()
        init(start: Date = Fixtures.start) { next = start }
        func now() -> Date {
            lock.lock()
            defer { lock.unlock() }
            let date = next
            next = next.addingTimeInterval(1)
            return date
        }
    }

    /// Runs `session` with scripted `lines`, returning the outcome or error, the session after the run, and the output.
    static func run(
        _ session: FakeSession, lines: [String], ending: ScriptedLineSource.Ending = .endOfInput,
        recording: TranscriptHeader? = nil, rangeOfMotion: RangeOfMotionInterpreter? = nil,
        formats: AnswerFormatBehavior = formats
    ) -> (outcome: Result<TerminalRunOutcome, RunError>, session: FakeSession, output: String) {
        run(
            session, source: ScriptedLineSource(lines: lines, ending: ending), recording: recording,
            rangeOfMotion: rangeOfMotion,
            formats: formats)
    }

    /// Runs `session` from any source.
    static func run(
        _ session: FakeSession, source: any LineSource, clock: any WallClock = TickingClock(),
        recording: TranscriptHeader? = nil, rangeOfMotion: RangeOfMotionInterpreter? = nil,
        formats: AnswerFormatBehavior = formats
    ) -> (outcome: Result<TerminalRunOutcome, RunError>, session: FakeSession, output: String) {
        let output = CapturedOutput()
        var run = TerminalRun(
            session: session, source: source, presenter: Presenter(output: output, style: .plain), clock: clock,
            parsingContext: context, rangeOfMotion: rangeOfMotion, recording: recording)
        run.formats = formats
        let outcome = Result { () throws(RunError) in try run.run() }
        return (outcome, run.session, output.text)
    }
}
