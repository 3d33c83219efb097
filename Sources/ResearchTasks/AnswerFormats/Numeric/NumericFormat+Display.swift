extension NumericFormat {
    /// "a number of kg from 30 to 200", "a whole number of at least 0", "a number with at most 1 decimal place".
    func acceptedInputDescription(context: AnswerParsingContext) -> String {
        var text = style == .integer ? "a whole number" : "a number"
        if let shownUnit { text += " of \(shownUnit)" }
        switch (minimum, maximum) {
        case let (minimum?, maximum?): text += " from \(DecimalText.plain(minimum)) to \(DecimalText.plain(maximum))"
        case let (minimum?, nil): text += " of at least \(DecimalText.plain(minimum))"
        case let (nil, maximum?): text += " of at most \(DecimalText.plain(maximum))"
        case (nil, nil): break
        }
        if style == .decimal, let digits = maximumFractionDigits.map({ max($0, 0) }) {
            text += digits == 0 ? " without decimals" : " with at most \(decimalPlaces(digits))"
        }
        return text
    }

    /// "72 kg".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        switch answer {
        case .numeric(let number), .scale(let number): amount(number.doubleValue)
        default: answer.plainDisplayText(context: context)
        }
    }
}
