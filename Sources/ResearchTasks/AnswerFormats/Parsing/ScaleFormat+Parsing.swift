extension ScaleFormat {
    /// A whole number within minimum…maximum that lies on a step → `.scale(.integer(n))`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInputDescription(context: context)
        let typed = AnswerInputError.echo(text)
        guard let number = DecimalText(typed: text), number.isWhole else {
            return .failure(.rejecting("\(typed) is not a whole number", accepted: accepted))
        }
        guard let value = number.integerValue else {
            // More digits than an Int holds: out of range on the side of its sign.
            let side = number.isNegative ? "below the minimum \(minimum)" : "above the maximum \(maximum)"
            return .failure(.rejecting("\(typed) is \(side)", accepted: accepted))
        }
        guard value >= minimum else {
            return .failure(.rejecting("\(typed) is below the minimum \(minimum)", accepted: accepted))
        }
        guard value <= maximum else {
            return .failure(.rejecting("\(typed) is above the maximum \(maximum)", accepted: accepted))
        }
        if step > 1, (Int128(value) - Int128(minimum)) % Int128(step) != 0 {
            return .failure(.rejecting(
                "\(typed) is not on the scale (steps of \(step) from \(minimum))", accepted: accepted))
        }
        return .success(.scale(.integer(value)))
    }
}
