package import Foundation

extension QuestionResult {
    /// Builds the question result ResearchKit would record for `answer` (nil = skipped) in `format`, given in
    /// `timeZone` at `end`.
    package static func make(
        _ identifier: String, format: AnswerFormat, answer: Answer?, start: Date, end: Date, timeZone: TimeZone
    ) -> QuestionResult {
        QuestionResult(
            identifier: identifier, startDate: start, endDate: end, questionType: format.questionType,
            value: QuestionValue.make(
                format: format, answer: answer, timeZoneSeconds: timeZone.secondsFromGMT(for: end))
        )
    }
}

extension QuestionValue {
    /// The result class a format records, holding `answer` when it fits the class. A date answer records the
    /// Gregorian calendar and `timeZoneSeconds` (the zone's offset from GMT) as ResearchKit's writer does; a skipped
    /// date question records neither (docs/researchkit-results.md, "Date answers in the files Regimen writes").
    package static func make(format: AnswerFormat, answer: Answer?, timeZoneSeconds: Int) -> QuestionValue {
        switch format {
        case .scale, .continuousScale:
            if case .scale(let number)? = answer { return .scale(number) }
            return .scale(nil)
        case .textScale, .textChoice, .valuePicker:
            if case .choices(let values)? = answer { return .choice(values) }
            return .choice(nil)
        case .boolean:
            if case .boolean(let value)? = answer { return .boolean(value) }
            return .boolean(nil)
        case .numeric(let numeric):
            let unit = numeric.unit
            let display = numeric.displayUnit ?? numeric.unit
            if case .numeric(let number)? = answer { return .numeric(number, unit: unit, displayUnit: display) }
            return .numeric(nil, unit: unit, displayUnit: display)
        case .text:
            if case .text(let text)? = answer { return .text(text) }
            return .text(nil)
        case .date:
            if case .date(let date)? = answer {
                return .date(date, calendar: "gregorian", timeZoneSeconds: timeZoneSeconds)
            }
            return .date(nil, calendar: nil, timeZoneSeconds: nil)
        case .timeOfDay:
            if case .timeOfDay(let time)? = answer { return .timeOfDay(time) }
            return .timeOfDay(nil)
        case .timeInterval:
            if case .timeInterval(let seconds)? = answer { return .timeInterval(seconds) }
            return .timeInterval(nil)
        }
    }
}
