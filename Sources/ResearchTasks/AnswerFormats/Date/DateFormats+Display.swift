import Foundation

extension DateFormat {
    /// "a date as YYYY-MM-DD" or "a date and time as YYYY-MM-DD HH:MM", with the bounds when set.
    func acceptedInputDescription(context: AnswerParsingContext) -> String {
        let writer = CalendarText(context: context)
        let render = { (date: Date) -> String in
            style == .date ? writer.dayText(date) : writer.dateTimeText(date)
        }
        var text = style == .date ? "a date as YYYY-MM-DD" : "a date and time as YYYY-MM-DD HH:MM"
        switch (minimum, maximum) {
        case let (minimum?, maximum?): text += " from \(render(minimum)) to \(render(maximum))"
        case let (minimum?, nil): text += " from \(render(minimum)) on"
        case let (nil, maximum?): text += " up to \(render(maximum))"
        case (nil, nil): break
        }
        return text
    }

    /// "2026-11-21" or "2026-11-21 08:30" in the context's time zone.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        guard case .date(let date) = answer, style == .date else { return answer.plainDisplayText(context: context) }
        return CalendarText(context: context).dayText(date)
    }
}

extension TimeOfDayFormat {
    /// "a time as HH:MM".
    func acceptedInputDescription(context: AnswerParsingContext) -> String { "a time as HH:MM" }

    /// "08:30".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}

extension TimeIntervalFormat {
    /// "a duration such as 1h 30m", with the step when above one minute.
    func acceptedInputDescription(context: AnswerParsingContext) -> String {
        step > 1 ? "a duration such as 1h 30m, in steps of \(step) minutes" : "a duration such as 1h 30m"
    }

    /// "1 h 30 min".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
