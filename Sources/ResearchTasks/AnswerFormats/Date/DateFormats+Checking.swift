import Foundation

extension DateFormat {
    /// Within the inclusive bounds; in date style the bounds compare by day in the context's time zone, so a minimum
    /// of 2026-01-01 10:00 still accepts 2026-01-01.
    func problem(with date: Date, context: AnswerParsingContext) -> AnswerProblem? {
        let reader = CalendarText(context: context)
        switch style {
        case .date:
            let day = reader.startOfDay(date)
            if let minimum, day < reader.startOfDay(minimum) {
                return .beforeEarliest("date \(reader.dayText(minimum))")
            }
            if let maximum, day > reader.startOfDay(maximum) { return .afterLatest("date \(reader.dayText(maximum))") }
        case .dateAndTime:
            if let minimum, date < minimum { return .beforeEarliest(reader.dateTimeText(minimum)) }
            if let maximum, date > maximum { return .afterLatest(reader.dateTimeText(maximum)) }
        }
        return nil
    }
}

extension TimeOfDayFormat {
    /// Hour 0…23 and minute 0…59.
    func problem(with time: TimeOfDay) -> AnswerProblem? {
        (0...23).contains(time.hour) && (0...59).contains(time.minute) ? nil : .timeOutOfRange
    }
}

extension TimeIntervalFormat {
    /// The longest duration accepted, in minutes: about 19 years, far beyond any question.
    package static let longestMinutes = 10_000_000.0

    /// Seconds that make a whole number of minutes, at least 0 and at most `longestMinutes`, in multiples of the
    /// minute `step` (ResearchKit's countdown picker offers nothing else; docs/answer-validation.md).
    func problem(with seconds: Double) -> AnswerProblem? {
        if seconds.isNaN { return .notANumber }
        if seconds < 0 { return .negativeDuration }
        let minutes = seconds / 60
        if minutes > Self.longestMinutes { return .durationTooLong }
        let whole = minutes.rounded()
        guard abs(minutes - whole) < 1e-9 else { return .notWholeMinutes }
        if step > 1, Int(whole) % step != 0 { return .notMultipleOfStep(minutes: step) }
        return nil
    }
}
