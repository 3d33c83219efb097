extension ScaleFormat {
    /// A whole number within minimum…maximum that lies on a step → `.scale(.integer(n))`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInput(context: context)
        guard let number = DecimalText(typed: text), number.isWhole else {
            return .failure(.rejecting(.notWhole, typed: text, accepted: accepted))
        }
        guard let value = number.integerValue else {
            // More digits than an Int holds: out of range on the side of its sign.
            let side: AnswerProblem =
                number.isNegative ? .belowMinimum(String(minimum)) : .aboveMaximum(String(maximum))
            return .failure(.rejecting(side, typed: text, accepted: accepted))
        }
        // The rules a result file's answer obeys too (Checking/NumberFormats+Checking.swift).
        if let problem = problem(with: .integer(value)) {
            return .failure(.rejecting(problem, typed: text, accepted: accepted))
        }
        return .success(.scale(.integer(value)))
    }
}
