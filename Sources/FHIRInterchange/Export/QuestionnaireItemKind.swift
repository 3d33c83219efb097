import Foundation
import RegimenFoundation
import ResearchTasks

/// What an answer format becomes in a Questionnaire item: its type and the elements that describe its answers
/// (docs/fhir-export.md, "Item types").
package struct QuestionnaireItemKind {
    /// The answer format.
    package var format: AnswerFormat

    /// The kind of `format`.
    package init(_ format: AnswerFormat) {
        self.format = format
    }

    /// `Questionnaire.item.type`.
    package var type: String {
        switch format {
        case .scale: "integer"
        case .continuousScale, .timeInterval: "decimal"
        case .textScale, .valuePicker: "choice"
        case .textChoice(let choice): choice.choices.contains { $0.other != nil } ? "open-choice" : "choice"
        case .boolean: "boolean"
        case .numeric(let numeric): numeric.style == .integer ? "integer" : "decimal"
        case .text(let text): text.multipleLines ? "text" : "string"
        case .date(let date): date.style == .date ? "date" : "dateTime"
        case .timeOfDay: "time"
        }
    }

    /// Sets the type and everything that describes the answers on `item`; `placeholder` is the item's entry hint.
    package func describe(_ item: inout FHIRElement, placeholder: String?, timeZone: TimeZone) {
        item["type"] = .string(type)
        var extensions: [FHIRElement] = []
        var initial: FHIRValue?
        switch format {
        case .scale(let scale):
            extensions += Self.slider(.integer(scale.minimum), .integer(scale.maximum))
                + [FHIRExtension.element(FHIRExtension.sliderStepValue, .integer(scale.step))]
            initial = scale.defaultValue.map(FHIRValue.integer)
        case .continuousScale(let scale):
            extensions += Self.slider(.decimal(scale.minimum), .decimal(scale.maximum))
                + [FHIRExtension.element(FHIRExtension.maxDecimalPlaces, .integer(scale.maximumFractionDigits))]
            initial = scale.defaultValue.map(FHIRValue.decimal)
        case .textScale(let scale):
            item["answerOption"] = options(scale.choices, selected: scale.defaultIndex)
        case .valuePicker(let picker):
            extensions.append(FHIRExtension.itemControl("drop-down"))
            item["answerOption"] = options(picker.choices, selected: nil)
        case .textChoice(let choice):
            if choice.style == .multiple { item["repeats"] = .bool(true) }
            item["answerOption"] = options(choice.choices.filter { $0.other == nil }, selected: nil)
        case .boolean:
            break
        case .numeric(let numeric):
            let whole = numeric.style == .integer
            func number(_ value: Double) -> FHIRValue {
                if whole, let integer = Int(exactly: value) { return .integer(integer) }
                return .decimal(value)
            }
            extensions += [
                numeric.minimum.map { FHIRExtension.element(FHIRExtension.minValue, number($0)) },
                numeric.maximum.map { FHIRExtension.element(FHIRExtension.maxValue, number($0)) },
                whole ? nil : numeric.maximumFractionDigits.map { FHIRExtension.element(FHIRExtension.maxDecimalPlaces, .integer($0)) },
                (numeric.unitCode?.fhirElement ?? numeric.unit.map(UCUMUnit.coding(of:)))
                    .map { FHIRExtension.element(FHIRExtension.unit, .coding($0)) },
            ].compactMap { $0 }
            initial = numeric.defaultValue.map(number)
        case .text(let text):
            if text.maximumLength > 0 { item["maxLength"] = .integer(text.maximumLength) }
            if let pattern = text.pattern { extensions.append(FHIRExtension.element(FHIRExtension.regex, .string(pattern))) }
            initial = text.defaultText.map(FHIRValue.string)
        case .date(let date):
            func value(_ day: Date) -> FHIRValue {
                date.style == .date
                    ? .date(FHIRDateText.date(day, offsetMinutes: timeZone.secondsFromGMT(for: day) / 60))
                    : .dateTime(FHIRDateText.dateTime(day, timeZone: timeZone))
            }
            extensions += [
                date.minimum.map { FHIRExtension.element(FHIRExtension.minValue, value($0)) },
                date.maximum.map { FHIRExtension.element(FHIRExtension.maxValue, value($0)) },
            ].compactMap { $0 }
            initial = date.defaultDate.map(value)
        case .timeOfDay(let time):
            initial = time.defaultValue.map { .time(FHIRDateText.time($0)) }
        case .timeInterval(let interval):
            extensions.append(FHIRExtension.element(FHIRExtension.unit, .coding(UCUMUnit.coding(of: "s"))))
            initial = interval.defaultInterval.map(FHIRValue.decimal)
        }
        if let placeholder { extensions.append(FHIRExtension.element(FHIRExtension.entryFormat, .string(placeholder))) }
        item["extension"] = extensions.json
        item["initial"] = initial.map { [$0.element("value")].json } ?? nil
    }

    /// A slider from `minimum` to `maximum`: the itemControl and the two bounds.
    private static func slider(_ minimum: FHIRValue, _ maximum: FHIRValue) -> [FHIRElement] {
        [
            FHIRExtension.itemControl("slider"), FHIRExtension.element(FHIRExtension.minValue, minimum),
            FHIRExtension.element(FHIRExtension.maxValue, maximum),
        ]
    }

    /// The answer options of `choices`, the one at `selected` marked as initially selected.
    private func options(_ choices: [TextChoice], selected: Int?) -> JSONValue? {
        choices.enumerated().map { index, choice in
            var option = ChoiceOption.value(of: choice).element("value")
            if index == selected { option["initialSelected"] = .bool(true) }
            option["extension"] = [
                choice.score.map { FHIRExtension.element(FHIRExtension.ordinalValue, .decimal($0)) },
                choice.exclusive ? FHIRExtension.element(FHIRExtension.optionExclusive, .boolean(true)) : nil,
            ].compactMap { $0 }.json
            return option
        }.json
    }
}
