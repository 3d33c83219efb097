import Foundation
import ParticipantWords
import ResearchTasks

/// Decides what a typed line means at a prompt: a command, a default, an answer, or a message to show.
struct LineInterpreter: Sendable {
    /// Calendar and "now" for parsing answers.
    var context: AnswerParsingContext
    /// Reads lines at range-of-motion prompts; nil when the run cannot measure.
    var rangeOfMotion: RangeOfMotionInterpreter?
    /// Parsing and defaults of answer formats.
    var formats: AnswerFormatBehavior = .standard
    /// The participant's language.
    var words: Words = .english

    /// Interprets `line` typed at `prompt`, which was first shown at `shownAt`.
    func interpret(_ line: String, at prompt: Prompt, shownAt: Date) -> LineAction {
        var text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if let command = RunnerCommand(line: text) {
            return action(for: command, at: prompt)
        }
        if text.hasPrefix("\\") { text.removeFirst() }
        switch prompt.item {
        case .instruction, .completion:
            return text.isEmpty
                ? .submit(.noAnswer, note: nil) : .reprompt(words(.repromptPressEnter))
        case .question(let question):
            return answer(text, to: question, at: prompt)
        case .consent(let page):
            return consent(text, at: page)
        case .rangeOfMotion(let content):
            guard let rangeOfMotion else {
                return .reprompt(words(.rangeOfMotionUnavailable))
            }
            let request = RangeOfMotionRequest(
                line: text, step: prompt.step, content: content, shownAt: shownAt, answeredAt: context.now)
            switch rangeOfMotion.interpret(request) {
            case .success(let input): return .submit(input, note: nil)
            case .failure(let error): return .reprompt(AnswerInputWording(words).text(error))
            }
        }
    }

    private func action(for command: RunnerCommand, at prompt: Prompt) -> LineAction {
        switch command {
        case .help: return .help
        case .quit: return .quit
        case .back:
            return prompt.canGoBack ? .submit(.back, note: nil) : .reprompt(words(.noEarlierStep))
        case .skip:
            if prompt.canSkip { return .submit(.skip, note: nil) }
            switch prompt.item {
            case .instruction, .completion: return .reprompt(words(.nothingToSkip))
            case .consent: return .reprompt(words(.consentCannotBeSkipped))
            default:
                return .reprompt(words(.cannotBeSkipped))
            }
        }
    }

    private func answer(_ text: String, to question: QuestionPromptItem, at prompt: Prompt) -> LineAction {
        let format = question.answerFormat
        if text.isEmpty {
            if let earlier = prompt.previousAnswer {
                return .submit(
                    .answer(earlier),
                    note: words(.keepingEarlierAnswer, format.shownText(for: earlier, context: context)))
            }
            if let prefill = prompt.prefill {
                return .submit(
                    .answer(prefill.answer),
                    note: words(.keepingPrefilledAnswer, format.shownText(for: prefill.answer, context: context)))
            }
            if let answer = formats.defaultAnswer(format) {
                return .submit(
                    .answer(answer), note: words(.usingDefault, format.shownText(for: answer, context: context)))
            }
            if question.isOptional { return .submit(.noAnswer, note: words(.leftUnanswered)) }
            return .reprompt(words(.answerRequired, format.inputDescription(context: context, words: words)))
        }
        switch formats.parse(format, text, context) {
        case .success(let answer):
            return .submit(.answer(answer), note: nil)
        case .failure(let error):
            if let labels = format.choiceLabels(forNumbers: text),
                case .success(let answer) = formats.parse(format, labels, context)
            {
                return .submit(.answer(answer), note: nil)
            }
            // はい, 是, …: the yes and no of every shipped language answer a yes/no question in every language
            // (docs/languages.md, "Command words").
            if case .boolean = format, let said = YesOrNo(text),
                case .success(let answer) = formats.parse(format, said == .yes ? "yes" : "no", context)
            {
                return .submit(.answer(answer), note: nil)
            }
            return .reprompt(AnswerInputWording(words).text(error))
        }
    }

    /// A line at a consent page: Enter after a section, an option's number at a comprehension question, a name, and
    /// yes or no at the agreement (a no declines and ends the run; docs/consent.md).
    private func consent(_ text: String, at page: ConsentPrompt) -> LineAction {
        switch page.stage {
        case .section:
            return text.isEmpty ? .submit(.noAnswer, note: nil) : .reprompt(words(.repromptPressEnter))
        case .question(let index):
            let count = page.content.questions[index].choices.count
            guard let number = Int(text), (1...count).contains(number) else {
                return .reprompt(words(.consentQuestionNumber, count))
            }
            return .submit(.consentChoice(number - 1), note: nil)
        case .givenName, .familyName:
            return text.isEmpty ? .reprompt(words(.consentNameRequired)) : .submit(.consentName(text), note: nil)
        case .agreement:
            switch YesOrNo(text) {
            case .yes?: return .submit(.consent(true), note: nil)
            case .no?: return .submit(.consent(false), note: nil)
            case nil: return .reprompt(words(.consentTypeYes))
            }
        }
    }
}
