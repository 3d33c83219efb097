import Foundation

extension QuestionResult {
    /// Builds the question result ResearchKit would record for `answer` (nil = skipped) in `format`.
    public static func make(_ identifier: String, format: AnswerFormat, answer: Answer?, start: Date, end: Date) -> QuestionResult {
        QuestionResult(
            identifier: identifier, startDate: start, endDate: end, questionType: format.questionType,
            value: QuestionValue.make(format: format, answer: answer)
        )
    }
}

extension QuestionValue {
    /// The result class a format records, holding `answer` when it fits the class.
    public static func make(format: AnswerFormat, answer: Answer?) -> QuestionValue {
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
            if case .date(let date)? = answer { return .date(date, calendar: "gregorian", timeZoneSeconds: nil) }
            return .date(nil, calendar: "gregorian", timeZoneSeconds: nil)
        case .timeOfDay:
            if case .timeOfDay(let time)? = answer { return .timeOfDay(time) }
            return .timeOfDay(nil)
        case .timeInterval:
            if case .timeInterval(let seconds)? = answer { return .timeInterval(seconds) }
            return .timeInterval(nil)
        }
    }
}
