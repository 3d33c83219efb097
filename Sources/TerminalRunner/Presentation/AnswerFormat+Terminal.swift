import Foundation
import ParticipantWords
import ResearchTasks

/// What the terminal shows and completes for a format, on top of the format's own input contract.
extension AnswerFormat {
    /// What the ends of a scale mean ("1 = No pain"), or nil.
    var scaleEndDescriptions: String? {
        let parts: [String]
        switch self {
        case .scale(let format):
            parts = [
                format.minimumDescription.map { "\(format.minimum) = \($0)" },
                format.maximumDescription.map { "\(format.maximum) = \($0)" },
            ].compactMap { $0 }
        case .continuousScale(let format):
            parts = [
                format.minimumDescription.map { "\(Self.plainNumber(format.minimum)) = \($0)" },
                format.maximumDescription.map { "\(Self.plainNumber(format.maximum)) = \($0)" },
            ].compactMap { $0 }
        default:
            parts = []
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Words Tab offers: the format's own completions, plus choice labels and yes/no labels.
    func completionWords(context: AnswerParsingContext) -> [String] {
        var words = completions(context: context)
        if let choices = self.choices { words += choices.map(\.text) }
        if case .boolean(let format) = self { words += [format.yesText ?? "Yes", format.noText ?? "No"] }
        var seen = Set<String>()
        return words.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// What may be typed, from the format, in `words`' language.
    func inputDescription(context: AnswerParsingContext, words: Words) -> String {
        AnswerInputWording(words).text(acceptedInput(context: context))
    }

    /// The line telling what may be typed: a pattern's own invalid message when the survey gives one (it says what
    /// the text must look like), else "Enter …." from the format; multi-line text says how to finish.
    func inputHints(context: AnswerParsingContext, words: Words) -> [String] {
        let enter = words(.enterDescription, inputDescription(context: context, words: words))
        guard case .text(let format) = self else { return [enter] }
        var hints: [String]
        if format.pattern != nil, let message = format.invalidMessage, !message.isEmpty {
            hints = [message]
            if format.maximumLength > 0 {
                hints.append(words.withPlainNumbers(.hintAtMostCharacters, format.maximumLength))
            }
        } else {
            hints = [enter]
        }
        if format.multipleLines { hints.append(words(.hintSeveralLines)) }
        return hints
    }

    /// A short rendering of an answer (the format's own, else a plain one).
    func shownText(for answer: Answer, context: AnswerParsingContext) -> String {
        let text = displayText(for: answer, context: context)
        return text.isEmpty ? Self.plainText(for: answer) : text
    }

    /// Numbered choices typed instead of labels ("2" or "1, 3"), turned into the labels; nil when not that.
    func choiceLabels(forNumbers line: String) -> String? {
        guard let choices = self.choices else { return nil }
        let parts = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty else { return nil }
        var labels: [String] = []
        for part in parts {
            guard let number = Int(part), number >= 1, number <= choices.count else { return nil }
            labels.append(choices[number - 1].text)
        }
        return labels.joined(separator: ", ")
    }

    private static func plainNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func plainText(for answer: Answer) -> String {
        switch answer {
        case .scale(let number), .numeric(let number):
            switch number {
            case .integer(let value): String(value)
            case .decimal(let value): plainNumber(value)
            }
        case .choices(let values):
            values.map { value in
                switch value {
                case .string(let text): text
                case .integer(let number): String(number)
                case .double(let number): plainNumber(number)
                case .boolean(let flag): flag ? "true" : "false"
                }
            }.joined(separator: ", ")
        case .boolean(let value): value ? "yes" : "no"
        case .text(let text): text
        case .date(let date): date.formatted(.iso8601)
        case .timeOfDay(let time): String(format: "%02d:%02d", time.hour, time.minute)
        case .timeInterval(let seconds): "\(plainNumber(seconds)) s"
        }
    }
}
