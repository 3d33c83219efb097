import Foundation

extension ChoiceList {
    /// Exactly one choice → `.choices([value])`; an "other" choice's free text replaces its value.
    func parseSingle(_ text: String, accepted: AcceptedInput) -> Result<Answer, AnswerInputError> {
        let typed = AnswerInputError.echo(text)
        switch pick(text) {
        case .choice(let index, let freeText):
            return answer(for: [index: freeText], accepted: accepted)
        case .textNotAllowed(let index):
            return .failure(AnswerInputError(.takesNoText(choice: choices[index].text), accepted: accepted))
        case .none:
            let pieces = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if pieces.count > 1, pieces.allSatisfy({ index(naming: $0) != nil }) {
                return .failure(AnswerInputError(.breaks(.moreThanOneChoice, typed: typed), accepted: accepted))
            }
            return .failure(AnswerInputError(.breaks(.notAChoice, typed: typed), accepted: accepted))
        }
    }

    /// One or more choices separated by commas → `.choices(values)` in CHOICE order (not typing order), repeats
    /// collapsed (docs/answer-formats.md, "Choices"). An exclusive choice cannot be combined with others. The free text
    /// of an "other" choice ("4: walking, running") runs to the end of the line, so it may hold commas.
    func parseMultiple(_ text: String, accepted: AcceptedInput) -> Result<Answer, AnswerInputError> {
        var picked: [Int: String?] = [:]
        if case .choice(let index, let freeText) = pick(text) {
            picked[index] = freeText
        } else {
            var rest = Substring(text)
            while !rest.isEmpty {
                let comma = rest.firstIndex(of: ",") ?? rest.endIndex
                let piece = rest[..<comma].trimmingCharacters(in: .whitespaces)
                rest = comma == rest.endIndex ? "" : rest[rest.index(after: comma)...]
                if piece.isEmpty { continue }
                switch pick(piece) {
                case .choice(let index, let freeText):
                    guard freeText != nil else {
                        if picked[index] == nil { picked[index] = .some(nil) }
                        continue
                    }
                    // The free text runs to the end of the line: pick again with everything that follows.
                    let tail = piece + (rest.isEmpty ? "" : "," + rest)
                    if case .choice(_, let wholeText) = pick(String(tail)) { picked[index] = wholeText }
                    rest = ""
                case .textNotAllowed(let index):
                    return .failure(AnswerInputError(.takesNoText(choice: choices[index].text), accepted: accepted))
                case .none:
                    return .failure(
                        AnswerInputError(.breaks(.notAChoice, typed: AnswerInputError.echo(piece)), accepted: accepted))
                }
            }
        }
        // The combination rules a result file's answer obeys too (Checking/ChoiceList+Checking.swift), checked on the
        // picked choices' own values before any "other" text replaces one.
        if let problem = problem(with: picked.keys.sorted().map { choices[$0].value }, singleChoice: false) {
            return .failure(.rejecting(problem, typed: text, accepted: accepted))
        }
        guard !picked.isEmpty else {
            return .failure(AnswerInputError(.answerNeeded, accepted: accepted))
        }
        return answer(for: picked, accepted: accepted)
    }

    /// The answer for picked choice indexes and their free texts, in choice order.
    private func answer(for picked: [Int: String?], accepted: AcceptedInput) -> Result<Answer, AnswerInputError> {
        var values: [ChoiceValue] = []
        for index in picked.keys.sorted() {
            let choice = choices[index]
            let freeText = (picked[index] ?? nil) ?? ""
            if let other = choice.other, freeText.isEmpty, !other.textOptional {
                return .failure(
                    AnswerInputError(.needsOwnWords(choice: choice.text, number: index + 1), accepted: accepted))
            }
            values.append(choice.other != nil && !freeText.isEmpty ? .string(freeText) : choice.value)
        }
        return .success(.choices(values))
    }
}
