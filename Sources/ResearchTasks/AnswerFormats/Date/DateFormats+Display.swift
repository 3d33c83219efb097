import Foundation

extension DateFormat {
    /// "a date as YYYY-MM-DD" or "a date and time as YYYY-MM-DD HH:MM", with the bounds when set, shown as the
    /// context's locale writes a day (`shownText`).
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        let render = { (date: Date) -> String in shownText(date, context: context) }
        return .date(withTime: style == .dateAndTime, from: minimum.map(render), to: maximum.map(render))
    }

    /// "2026-11-21" or "2026-11-21 08:30" in the context's time zone; in a locale with a numeric day pattern, the day
    /// as it writes it ("2026年11月21日 08:30"), which is read back (docs/languages.md, "What is shown").
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        guard case .date(let date) = answer else { return answer.plainDisplayText(context: context) }
        return shownText(date, context: context)
    }

    /// The day (and time) of `date` as shown: the locale's numeric day pattern when the context has a locale with
    /// one, else ISO 8601.
    private func shownText(_ date: Date, context: AnswerParsingContext) -> String {
        let writer = CalendarText(context: context)
        guard let locale = context.locale,
            let day = LocaleDateOrder(locale: locale).shown(date, timeZone: writer.calendar.timeZone)
        else { return style == .date ? writer.dayText(date) : writer.dateTimeText(date) }
        guard style == .dateAndTime else { return day }
        let parts = writer.calendar.dateComponents([.hour, .minute], from: date)
        return day + " " + TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0).clockText
    }
}

extension TimeOfDayFormat {
    /// "a time as HH:MM".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput { .time }

    /// "08:30".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}

extension TimeIntervalFormat {
    /// "a duration such as 1h 30m", with the step when above one minute.
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput { .duration(step: step) }

    /// "1 h 30 min".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
