import ParticipantWords
import ResearchTasks

/// Turns a prompt into the lines shown above the input line (pure: returns text, writes nothing).
struct PromptRenderer {
    var style: TextStyle
    var context: AnswerParsingContext
    var rangeOfMotionDescription: String?
    var formats: AnswerFormatBehavior = .standard
    /// Whether `quit` offers to keep the answers (`TerminalRun.offersFinishLater`): what the help says of it.
    var offersFinishLater = false
    /// Whether Ctrl-C and Ctrl-D keep the answers (`TerminalRun.keepsLinesWhenInterrupted` can be true): what the help
    /// says of them.
    var interruptionsKeepAnswers = false
    /// The participant's language.
    var words: Words = .english

    /// The full text shown when `prompt` comes up after `previous` (the step header only when the step changes).
    func render(_ prompt: Prompt, after previous: Prompt?) -> String {
        var lines = calculatedLines(prompt)
        if previous?.stepIdentifier != prompt.stepIdentifier {
            lines += stepHeader(prompt)
        }
        lines += body(prompt, after: previous)
        return lines.map { $0 + "\n" }.joined()
    }

    /// The calculated items passed since the previous prompt, read-only: `Body mass index: 24.2 kg/m²` (`—` when the
    /// expression gave no value).
    func calculatedLines(_ prompt: Prompt) -> [String] {
        calculatedLines(prompt.calculatedLines)
    }

    /// Calculated items as shown: `Body mass index: 24.2 kg/m²`, `—` for no value.
    func calculatedLines(_ lines: [CalculatedLine]) -> [String] {
        lines.map { line in
            let value = line.answer.map { line.answerFormat.shownText(for: $0, context: context) } ?? "—"
            return line.text.map { words(.calculatedItem, $0, value) } ?? value
        }
    }

    /// Title with progress, text, detail and footnote of the step.
    func stepHeader(_ prompt: Prompt) -> [String] {
        let step = prompt.step
        // A FHIR item's prefix ("4.1") before the title, else before the text (docs/fhir-import.md, "Structure").
        let title = step.title.map { step.fhir.shown($0) ?? $0 }
        let text = step.title == nil ? step.text.map { step.fhir.shown($0) ?? $0 } : step.text
        var lines = [""]
        switch (title, prompt.progress) {
        case (let title?, let progress?):
            lines.append(
                style.title(title) + style.dim("  (\(words(.stepProgress, progress.current, progress.total)))"))
        case (let title?, nil): lines.append(style.title(title))
        case (nil, let progress?):
            lines.append(style.title(words(.stepProgressHeading, progress.current, progress.total)))
        case (nil, nil): break
        }
        if let text { lines.append(text) }
        if let detail = step.detailText { lines.append(style.dim(detail)) }
        if let footnote = step.footnote { lines.append(style.dim(footnote)) }
        return lines
    }

    /// What the current item shows and what may be typed.
    func body(_ prompt: Prompt, after previous: Prompt?) -> [String] {
        switch prompt.item {
        case .instruction(let content):
            return bullets(content) + [style.hint(words(.pressEnterToContinue))]
        case .completion(let content):
            return bullets(content)
        case .question(let question):
            return questionLines(question, prompt: prompt, previous: previous)
        case .consent(let page):
            return consentLines(page)
        case .rangeOfMotion(let content):
            var lines = [words(Self.measure(content.limb, content.joint))]
            if let description = rangeOfMotionDescription {
                lines.append(style.hint(words(.enterDescription, description)))
            }
            return lines
        }
    }

    /// One page of a consent review: the document's lines exactly as `ConsentReviewContent.documentText` holds them
    /// (the identity line above the first section, each section's title and content, the statement), with hints
    /// around them (docs/consent.md, "The consent run").
    private func consentLines(_ page: ConsentPrompt) -> [String] {
        let content = page.content
        switch page.stage {
        case .section(let index):
            var lines: [String] = []
            if page.isShownAgain { lines.append(style.note(words(.consentSectionAgain))) }
            if index == 0, !page.isShownAgain {
                let document = content.document
                lines.append(style.dim("\(document.identifier) \(document.version) (\(document.effectiveDate))"))
            }
            let section = content.sections[index]
            let position = words(.consentSectionPosition, index + 1, content.sections.count)
            lines += ["", style.title(section.title) + style.dim("  (\(position))"), section.content]
            lines.append(style.hint(words(.pressEnterToContinue)))
            return lines
        case .question(let index):
            let question = content.questions[index]
            var lines = ["", style.title(question.text)]
            for (number, option) in question.choices.enumerated() { lines.append("  \(number + 1). \(option)") }
            lines.append(style.hint(words(.consentQuestionHint)))
            return lines
        case .givenName:
            return ["", words(.consentGivenName)]
        case .familyName:
            return [words(.consentFamilyName)]
        case .agreement:
            return [
                "", style.title(words(.statementToAffirm)), content.reasonForConsent, style.hint(words(.consentHint)),
            ]
        }
    }

    /// "Measure the left knee.", one text per side and joint so each language words it whole.
    private static func measure(_ limb: RangeOfMotionContent.Limb, _ joint: RangeOfMotionContent.Joint) -> Word {
        switch (limb, joint) {
        case (.left, .knee): .measureLeftKnee
        case (.right, .knee): .measureRightKnee
        case (.left, .shoulder): .measureLeftShoulder
        case (.right, .shoulder): .measureRightShoulder
        }
    }

    private func bullets(_ content: InstructionContent) -> [String] {
        content.bulletPoints.map { "  • \($0)" }
    }

    private func questionLines(_ question: QuestionPromptItem, prompt: Prompt, previous: Prompt?) -> [String] {
        var lines: [String] = []
        // Nested sections (form groups) show each title that changed, indented by level (docs/navigation.md, "Enabled
        // when").
        let titles = question.sectionTitles
        let shown = sectionTitles(of: previous, inStep: prompt.stepIdentifier)
        let kept = zip(titles, shown).prefix { $0 == $1 }.count
        if kept < titles.count {
            lines.append("")
            for level in kept..<titles.count {
                lines.append(String(repeating: "  ", count: level) + style.title("— \(titles[level]) —"))
            }
        }
        var heading = question.text ?? ""
        if let position = prompt.formPosition {
            let label = words(.questionPosition, position.current, position.total)
            heading = heading.isEmpty ? label : words(.questionPositionAndText, label, heading)
        }
        if !heading.isEmpty { lines.append(style.title(heading)) }
        if let detail = question.detailText { lines.append(style.dim(detail)) }
        let format = question.answerFormat
        if let choices = format.choices {
            for (index, choice) in choices.enumerated() {
                let detail = choice.detailText.map { " — \($0)" } ?? ""
                lines.append("  \(index + 1). \(choice.text)\(detail)")
            }
        }
        if let ends = format.scaleEndDescriptions { lines.append("  \(ends)") }
        lines += format.inputHints(context: context, words: words).map(style.hint)
        if let earlier = prompt.previousAnswer {
            lines.append(style.note(words(.earlierAnswer, format.shownText(for: earlier, context: context))))
        } else if let prefill = prompt.prefill {
            let shown = format.shownText(for: prefill.answer, context: context)
            lines.append(
                style.note(
                    prefill.isFromPreviousRun ? words(.previousRunAnswer, shown) : words(.prefilledAnswer, shown)))
        } else if let answer = formats.defaultAnswer(format) {
            lines.append(style.note(words(.defaultAnswer, format.shownText(for: answer, context: context))))
        } else if question.isOptional {
            lines.append(style.dim(words(.optionalHint)))
        }
        if let placeholder = question.placeholder { lines.append(style.dim(words(.placeholderExample, placeholder))) }
        return lines
    }

    private func sectionTitles(of prompt: Prompt?, inStep step: String) -> [String] {
        guard let prompt, prompt.stepIdentifier == step, case .question(let question) = prompt.item else { return [] }
        return question.sectionTitles
    }

    /// Help for the prompt: what may be typed here, and the commands.
    func help(_ prompt: Prompt) -> String {
        var lines = [style.title(words(.helpTitle))]
        switch prompt.item {
        case .instruction, .completion:
            lines.append(words(.helpPressEnter))
        case .question(let question):
            lines += question.answerFormat.inputHints(context: context, words: words)
            if question.answerFormat.choices != nil {
                lines.append(
                    question.answerFormat.questionType == .multipleChoice
                        ? words(.helpChoicesSeveral) : words(.helpChoicesOne))
            }
            if prompt.previousAnswer != nil || prompt.prefill != nil
                || formats.defaultAnswer(question.answerFormat) != nil
                || question.isOptional
            {
                lines.append(words(.helpEmptyLine))
            }
        case .consent(let page):
            switch page.stage {
            case .section: lines.append(words(.helpConsentSection))
            case .question(let index):
                lines.append(words(.consentQuestionNumber, page.content.questions[index].choices.count))
            case .givenName, .familyName: lines.append(words(.helpConsentName))
            case .agreement: lines.append(words(.helpConsent))
            }
        case .rangeOfMotion:
            lines.append(words(.enterDescription, rangeOfMotionDescription ?? words(.helpTheMeasurement)))
        }
        lines.append(words(.helpCommands))
        var commands: [RunnerCommand] = [.help, .quit]
        if prompt.canSkip { commands.insert(.skip, at: 0) }
        if prompt.canGoBack { commands.insert(.back, at: 0) }
        for command in commands {
            let names = command.shownWords(words).joined(separator: ", ")
            lines.append("  \(names)  \(command.summary(offersFinishLater: offersFinishLater, words: words))")
        }
        lines.append(RunnerCommand.interruptionSummary(keepsAnswers: interruptionsKeepAnswers, words: words))
        lines.append(style.dim(words(.helpCompletion)))
        return lines.map { $0 + "\n" }.joined()
    }
}
