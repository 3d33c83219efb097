import ResearchTasks

/// Which conditions fit which answers, and the names the format uses for both.
extension SurveyDecoder {
    /// Why the condition cannot apply to that kind of result (nil when it fits).
    static func mismatch(_ condition: AnswerCondition, _ kind: TaskIndex.ResultKind) -> String? {
        let format: AnswerFormat
        switch kind {
        case .consent:
            if case .consented = condition { return nil }
            return "a consent review result can only be tested with consented"
        case .rangeOfMotion:
            return "range-of-motion results cannot be tested by navigation conditions"
        case .unknown:
            return nil
        case .answer(let answerFormat):
            format = answerFormat
        }
        let fits: Bool
        switch condition {
        case .isNil, .isAnswered, .isDontKnow: fits = true
        case .numberEquals, .numberInRange:
            switch format {
            case .scale, .continuousScale, .numeric, .timeInterval: fits = true
            default: fits = false
            }
        case .choicesInclude(let values):
            let choices: [TextChoice]
            switch format {
            case .textChoice(let choiceFormat): choices = choiceFormat.choices
            case .textScale(let scale): choices = scale.choices
            case .valuePicker(let picker): choices = picker.choices
            default: return "\(conditionName(condition)) does not fit a \(formatName(format)) answer"
            }
            let known = Set(choices.map(\.value))
            if let missing = values.first(where: { !known.contains($0) }) {
                return "no choice has the value \(describe(missing))"
            }
            return nil
        case .choicesMatch:
            switch format {
            case .textChoice, .textScale, .valuePicker: fits = true
            default: fits = false
            }
        case .booleanEquals:
            if case .boolean = format { fits = true } else { fits = false }
        case .textEquals, .textMatches, .textInRange:
            if case .text = format { fits = true } else { fits = false }
        case .timeOfDayInRange:
            if case .timeOfDay = format { fits = true } else { fits = false }
        case .dateInRange:
            if case .date = format { fits = true } else { fits = false }
        case .consented:
            fits = false
        }
        return fits ? nil : "\(conditionName(condition)) does not fit a \(formatName(format)) answer"
    }

    private static func describe(_ value: ChoiceValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .integer(let number): "\(number)"
        case .double(let number): "\(number)"
        case .boolean(let flag): "\(flag)"
        }
    }

    static func conditionName(_ condition: AnswerCondition) -> String {
        switch condition {
        case .isNil: "isNil"
        case .isAnswered: "isAnswered"
        case .isDontKnow: "isDontKnow"
        case .numberEquals: "numberEquals"
        case .numberInRange: "numberInRange"
        case .choicesInclude: "choicesInclude"
        case .choicesMatch: "choicesMatch"
        case .booleanEquals: "booleanEquals"
        case .textEquals: "textEquals"
        case .textMatches: "textMatches"
        case .textInRange: "textInRange"
        case .timeOfDayInRange: "timeOfDayInRange"
        case .dateInRange: "dateInRange"
        case .consented: "consented"
        }
    }

    static func formatName(_ format: AnswerFormat) -> String {
        switch format {
        case .scale: "scale"
        case .continuousScale: "continuousScale"
        case .textScale: "textScale"
        case .textChoice(let choice): choice.style == .single ? "singleChoice" : "multipleChoice"
        case .boolean: "boolean"
        case .numeric(let numeric): numeric.style == .integer ? "integer" : "decimal"
        case .text: "freeText"
        case .date(let date): date.style == .date ? "date" : "dateTime"
        case .timeOfDay: "timeOfDay"
        case .timeInterval: "timeInterval"
        case .valuePicker: "valuePicker"
        }
    }
}
