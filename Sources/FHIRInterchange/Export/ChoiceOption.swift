import RegimenFoundation
package import ResearchTasks

/// How a survey choice is written as a FHIR answer option, and so how a response names it when chosen
/// (docs/fhir-export.md, "Answer options").
package enum ChoiceOption {
    /// The choice's option value: its coding; a date or time it is marked as; its value as `valueInteger` or
    /// `valueString` when its text is that value; otherwise a Coding with the value as code and the text as display.
    package static func value(of choice: TextChoice) -> FHIRValue {
        if let coding = choice.coding { return .coding(FHIRCoding(coding)) }
        let code = choice.value.plainText
        switch choice.optionType {
        case .date?: return .date(code)
        case .time?: return .time(code.count == 5 ? code + ":00" : code)
        case nil: break
        }
        switch choice.value {
        case .integer(let number) where choice.text == code: return .integer(number)
        case .string(let text) where choice.text == code: return .string(text)
        default: return .coding(FHIRCoding(code: code, display: choice.text))
        }
    }

    /// The answer for one chosen value of `choices`: the option it picked, or the free text of an "other" choice.
    package static func answer(for value: ChoiceValue, in choices: [TextChoice]) -> FHIRValue {
        if let choice = choices.first(where: { $0.other == nil && $0.value.matches(value) }) {
            return self.value(of: choice)
        }
        if let other = choices.first(where: { $0.other != nil && $0.value.matches(value) }) {
            return .coding(
                other.coding.map(FHIRCoding.init) ?? FHIRCoding(code: other.value.plainText, display: other.text))
        }
        return .string(value.plainText)
    }
}
