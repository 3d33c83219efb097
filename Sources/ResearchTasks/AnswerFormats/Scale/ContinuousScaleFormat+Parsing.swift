import Foundation

extension ContinuousScaleFormat {
    /// A decimal within minimum…maximum → `.scale(.decimal(x))`, rounded half-even to `effectiveFractionDigits` like
    /// ResearchKit's formatter round-trip (docs/answer-formats.md, "Common rules"); the rounded value is the one
    /// range-checked.
    ///
    /// Percent style: what is typed is always a percentage, with or without "%": "12%" and "12" both mean 0.12;
    /// the fraction digits apply to the percentage, as `NSNumberFormatter` does (docs/answer-formats.md, "Scales").
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInput(context: context)
        let typed = AnswerInputError.echo(text)
        var numberText = text
        if numberStyle == .percent, numberText.hasSuffix("%") {
            numberText = String(numberText.dropLast()).trimmingCharacters(in: .whitespaces)
        }
        guard let number = DecimalText(typed: numberText) else {
            return .failure(AnswerInputError(.breaks(.notANumber, typed: typed), accepted: accepted))
        }
        var rounded = number.rounded(toFractionDigits: effectiveFractionDigits)
        if numberStyle == .percent { rounded = rounded.shifted(byPowerOfTen: -2) }
        let value = rounded.doubleValue
        // The rules a result file's answer obeys too (Checking/NumberFormats+Checking.swift).
        if let problem = problem(with: .decimal(value)) {
            return .failure(.rejecting(problem, typed: text, accepted: accepted))
        }
        return .success(.scale(.decimal(value)))
    }
}
