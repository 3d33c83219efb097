extension ChoiceValue {
    /// The value as text: "walk", "3", "2.5".
    package var plainText: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number): DecimalText.plain(number)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}

extension Answer {
    /// A rendering that needs no format: used for answers of the format's own kind where no labels apply,
    /// and for answers that do not belong to the format at all.
    func plainDisplayText(context: AnswerParsingContext) -> String {
        switch self {
        case .scale(let number), .numeric(let number):
            switch number {
            case .integer(let value): String(value)
            case .decimal(let value): DecimalText.plain(value)
            }
        case .choices(let values): values.map(\.plainText).joined(separator: ", ")
        case .boolean(let value): value ? "Yes" : "No"
        case .text(let text): text
        case .date(let date): CalendarText(context: context).dateTimeText(date)
        case .timeOfDay(let time): time.clockText
        case .timeInterval(let seconds): DurationText.text(seconds: seconds)
        }
    }
}
