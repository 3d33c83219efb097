import Foundation
import RegimenFoundation

extension DateFormat {
    /// Date style: "YYYY-MM-DD", "today" or "yesterday" → start of that day in the context's time zone.
    /// Date-and-time style: "YYYY-MM-DD HH:mm" or "YYYY-MM-DDTHH:mm". Bounds are inclusive; in date style they
    /// compare by day, so a minimum of 2026-01-01 10:00 still accepts 2026-01-01. The day may also be written in the
    /// numeric order of the context's locale ("2026年11月29日", "2026/11/29" in Japanese; docs/languages.md,
    /// "What is read").
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInput(context: context)
        let typed = AnswerInputError.echo(text)
        let reader = CalendarText(context: context)
        let withTime = style == .dateAndTime
        let found: Date
        switch withTime
            ? dateTime(from: text, reader: reader, context: context) : day(from: text, reader: reader, context: context)
        {
        case .found(let date): found = date
        case .notADay(let reason):
            return .failure(
                AnswerInputError(.notADate(withTime: withTime, reason: reason, typed: typed), accepted: accepted))
        case .unread:
            return .failure(
                AnswerInputError(.notADate(withTime: withTime, reason: nil, typed: typed), accepted: accepted))
        }
        // The rules a result file's answer obeys too (Checking/DateFormats+Checking.swift).
        if let problem = problem(with: found, context: context) {
            return .failure(.rejecting(problem, typed: text, accepted: accepted))
        }
        return .success(.date(found))
    }

    /// What a typed date came to.
    private enum Reading {
        /// The instant it names.
        case found(Date)
        /// Written in a form that is read, but naming no day or time ("there is no month 13").
        case notADay(DateProblem)
        /// In no form that is read.
        case unread
    }

    private func day(from text: String, reader: CalendarText, context: AnswerParsingContext) -> Reading {
        switch text.lowercased() {
        case "today": return .found(reader.startOfDay(context.now))
        case "yesterday":
            return reader.calendar.date(byAdding: .day, value: -1, to: reader.startOfDay(context.now))
                .map(Reading.found) ?? .unread
        default:
            if let day = reader.day(from: text) { return .found(day) }
            return inLocaleOrder(text, time: TimeOfDay(hour: 0, minute: 0), reader: reader, context: context)
        }
    }

    private func dateTime(from text: String, reader: CalendarText, context: AnswerParsingContext) -> Reading {
        if let date = reader.dateTime(from: text) { return .found(date) }
        // The locale's date, a space, and a 24-hour time ("2026年11月29日 9:30").
        guard let space = text.lastIndex(of: " "), let time = TimeOfDay(clockText: text[text.index(after: space)...])
        else { return .unread }
        let dayText = String(text[..<space]).trimmingCharacters(in: .whitespaces)
        return inLocaleOrder(dayText, time: time, reader: reader, context: context)
    }

    /// A day written in the locale's numeric order, at `time`.
    private func inLocaleOrder(_ text: String, time: TimeOfDay, reader: CalendarText, context: AnswerParsingContext)
        -> Reading
    {
        guard let locale = context.locale, let typed = LocaleDateOrder(locale: locale).read(text) else {
            return .unread
        }
        guard (1...12).contains(typed.month) else { return .notADay(.noSuchMonth(typed.month)) }
        let days = CivilDate.daysInMonth(year: typed.year, month: typed.month)
        guard (1...days).contains(typed.day) else {
            return .notADay(.noSuchDay(month: typed.month, year: typed.year, days: days, day: typed.day))
        }
        let civil = CivilDate(year: typed.year, month: typed.month, day: typed.day)
        guard let date = reader.dateTime(civil, time: time) else {
            return .notADay(.timeSkipped(time.clockText))
        }
        return .found(date)
    }
}
