import Foundation

extension DateFormat {
    /// Date style: "YYYY-MM-DD", "today" or "yesterday" → start of that day in the context's time zone.
    /// Date-and-time style: "YYYY-MM-DD HH:mm" or "YYYY-MM-DDTHH:mm". Bounds are inclusive; in date style they
    /// compare by day, so a minimum of 2026-01-01 10:00 still accepts 2026-01-01.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInputDescription(context: context)
        let typed = AnswerInputError.echo(text)
        let reader = CalendarText(context: context)
        switch style {
        case .date:
            guard let day = day(from: text, reader: reader, context: context) else {
                return .failure(.rejecting("\(typed) is not a date", accepted: accepted))
            }
            // The rules a result file's answer obeys too (Checking/DateFormats+Checking.swift).
            if let problem = problem(with: day, context: context) {
                return .failure(.rejecting(problem, typed: text, accepted: accepted))
            }
            return .success(.date(day))
        case .dateAndTime:
            guard let date = reader.dateTime(from: text) else {
                return .failure(.rejecting("\(typed) is not a date and time", accepted: accepted))
            }
            if let problem = problem(with: date, context: context) {
                return .failure(.rejecting(problem, typed: text, accepted: accepted))
            }
            return .success(.date(date))
        }
    }

    private func day(from text: String, reader: CalendarText, context: AnswerParsingContext) -> Date? {
        switch text.lowercased() {
        case "today": reader.startOfDay(context.now)
        case "yesterday": reader.calendar.date(byAdding: .day, value: -1, to: reader.startOfDay(context.now))
        default: reader.day(from: text)
        }
    }
}
