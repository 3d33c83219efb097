import Foundation

extension NumericFormat {
    /// The unit shown to the participant: its translation, else `displayUnit`, else `unit` (docs/answer-formats.md,
    /// "Formats and their checks").
    var shownUnit: String? {
        [translatedUnit, displayUnit, unit].lazy.compactMap { $0 }.first { !$0.isEmpty }
    }

    /// A number, optionally followed by the unit ("72 kg"), within the inclusive bounds → `.numeric`.
    ///
    /// Integer style wants a whole number ("72.0" counts as 72); decimal style rejects more fraction digits than
    /// `maximumFractionDigits` (trailing zeros do not count) instead of truncating them as ResearchKit's typing
    /// sanitizer does (docs/answer-formats.md, "Text and numbers typed"), since at a terminal the whole line arrives at
    /// once.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInput(context: context)
        let typed = AnswerInputError.echo(text)
        let numberEnd = text.firstIndex { !"+-−0123456789.".contains($0) } ?? text.endIndex
        let unitText = text[numberEnd...].trimmingCharacters(in: .whitespaces)
        guard let number = DecimalText(typed: String(text[..<numberEnd])) else {
            return .failure(AnswerInputError(.breaks(.notANumber, typed: typed), accepted: accepted))
        }
        if !unitText.isEmpty, !acceptsUnit(unitText) {
            guard let shownUnit else {
                return .failure(AnswerInputError(.breaks(.notANumber, typed: typed), accepted: accepted))
            }
            return .failure(AnswerInputError(.notANumberOf(unit: shownUnit, typed: typed), accepted: accepted))
        }
        let answer: NumberValue
        switch style {
        case .integer:
            guard number.isWhole else { return .failure(.rejecting(.notWhole, typed: text, accepted: accepted)) }
            guard let value = number.integerValue else {
                return .failure(.rejecting(.tooLarge(negative: number.isNegative), typed: text, accepted: accepted))
            }
            answer = .integer(value)
        case .decimal:
            let allowed = maximumFractionDigits.map { max($0, 0) }
            if let allowed, number.significantFractionDigits > allowed {
                return .failure(.rejecting(.tooManyFractionDigits(allowed: allowed), typed: text, accepted: accepted))
            }
            answer = .decimal(number.doubleValue)
        }
        // The rules a result file's answer obeys too (Checking/NumberFormats+Checking.swift).
        if let problem = problem(with: answer) {
            return .failure(.rejecting(problem, typed: text, accepted: accepted))
        }
        return .success(.numeric(answer))
    }

    /// Whether typed unit text names this format's unit, display unit or translated unit (case-insensitive).
    private func acceptsUnit(_ text: String) -> Bool {
        [unit, displayUnit, translatedUnit].contains { candidate in
            guard let candidate, !candidate.isEmpty else { return false }
            return candidate.caseInsensitiveCompare(text) == .orderedSame
        }
    }

    /// "72 kg", or "72" without a unit.
    func amount(_ value: Double) -> String {
        let number = DecimalText.plain(value)
        return shownUnit.map { "\(number) \($0)" } ?? number
    }
}
