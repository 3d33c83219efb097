import Foundation
import ResearchTasks

/// Decides what a typed line means at a prompt: a command, a default, an answer, or a message to show.
struct LineInterpreter: Sendable {
    /// Calendar and "now" for parsing answers.
    var context: AnswerParsingContext
    /// Reads lines at range-of-motion prompts; nil when the run cannot measure.
    var rangeOfMotion: RangeOfMotionInterpreter?
    /// Parsing and defaults of answer formats.
    var formats: AnswerFormatBehavior = .standard

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
                ? .submit(.noAnswer, note: nil) : .reprompt("Press Enter (an empty line) to continue, or type help.")
        case .question(let question):
            return answer(text, to: question, at: prompt)
        case .consent:
            return consent(text)
        case .rangeOfMotion(let content):
            guard let rangeOfMotion else {
                return .reprompt("Range-of-motion measurements can't be taken in this run; type skip or quit.")
            }
            let request = RangeOfMotionRequest(
                line: text, step: prompt.step, content: content, shownAt: shownAt, answeredAt: context.now)
            switch rangeOfMotion.interpret(request) {
            case .success(let input): return .submit(input, note: nil)
            case .failure(let error): return .reprompt(error.message)
            }
        }
    }

    private func action(for command: RunnerCommand, at prompt: Prompt) -> LineAction {
        switch command {
        case .help: return .help
        case .quit: return .quit
        case .back:
            return prompt.canGoBack ? .submit(.back, note: nil) : .reprompt("There is no earlier step to go back to.")
        case .skip:
            if prompt.canSkip { return .submit(.skip, note: nil) }
            switch prompt.item {
            case .instruction, .completion: return .reprompt("There is nothing to skip here; press Enter to continue.")
            case .consent: return .reprompt("The consent can't be skipped: type yes to agree, or quit to stop.")
            default:
                return .reprompt("This can't be skipped; it needs an answer (type help to see what you can enter).")
            }
        }
    }

    private func answer(_ text: String, to question: QuestionPromptItem, at prompt: Prompt) -> LineAction {
        let format = question.answerFormat
        if text.isEmpty {
            if let earlier = prompt.previousAnswer {
                return .submit(
                    .answer(earlier),
                    note: "Keeping the earlier answer: \(format.shownText(for: earlier, context: context)).")
            }
            if let prefill = prompt.prefill {
                return .submit(
                    .answer(prefill.answer),
                    note: "Keeping the pre-filled answer: \(format.shownText(for: prefill.answer, context: context)).")
            }
            if let answer = formats.defaultAnswer(format) {
                return .submit(
                    .answer(answer), note: "Using the default: \(format.shownText(for: answer, context: context)).")
            }
            if question.isOptional { return .submit(.noAnswer, note: "Left unanswered.") }
            return .reprompt("An answer is required here: enter \(format.inputDescription(context: context)).")
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
            return .reprompt(error.message)
        }
    }

    private func consent(_ text: String) -> LineAction {
        switch text.lowercased() {
        case "yes", "y", "agree", "i agree":
            return .submit(.consent(true), note: nil)
        case "no", "n", "disagree", "decline":
            return .reprompt("The statement must be affirmed to continue. Type yes to agree, or quit to stop.")
        default:
            return .reprompt("Type yes to agree to the statement, or quit to stop.")
        }
    }
}
