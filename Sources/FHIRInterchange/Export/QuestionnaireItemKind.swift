package import Foundation
import RegimenFoundation
package import ResearchTasks

/// What an answer format becomes in a Questionnaire item: its type and the elements that describe its answers
/// (docs/fhir-export.md, "Item types").
package struct QuestionnaireItemKind {
    /// The answer format.
    package var format: AnswerFormat
    /// What the item kept of its FHIR item: a type the format does not imply, an itemControl.
    package var details: FHIRItemDetails

    /// The kind of `format`, with the item's kept `details` (docs/fhir-export.md, "Item types").
    package init(_ format: AnswerFormat, details: FHIRItemDetails = FHIRItemDetails()) {
        self.format = format
        self.details = details
    }

    /// `Questionnaire.item.type`: the kept type (quantity, url), else the format's.
    package var type: String {
        if let kept = details.type { return kept.rawValue }
        return switch format {
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
        // The itemControl the format implies; a kept one (docs/fhir-import.md, "Structure") is written instead.
        var control: String?
        switch format {
        case .scale(let scale):
            control = "slider"
            extensions +=
                Self.bounds(.integer(scale.minimum), .integer(scale.maximum))
                + [ExportExtension.element(ExportExtension.sliderStepValue, .integer(scale.step))]
            initial = scale.defaultValue.map(FHIRValue.integer)
        case .continuousScale(let scale):
            control = "slider"
            extensions +=
                Self.bounds(.decimal(scale.minimum), .decimal(scale.maximum))
                + [ExportExtension.element(ExportExtension.maxDecimalPlaces, .integer(scale.maximumFractionDigits))]
            initial = scale.defaultValue.map(FHIRValue.decimal)
        case .textScale(let scale):
            item["answerOption"] = options(scale.choices, selected: scale.defaultIndex)
        case .valuePicker(let picker):
            control = "drop-down"
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
                numeric.minimum.map { ExportExtension.element(ExportExtension.minValue, number($0)) },
                numeric.maximum.map { ExportExtension.element(ExportExtension.maxValue, number($0)) },
                whole
                    ? nil
                    : numeric.maximumFractionDigits.map {
                        ExportExtension.element(ExportExtension.maxDecimalPlaces, .integer($0))
                    },
                (numeric.unitCode.map(FHIRCoding.init) ?? numeric.unit.map(UCUMUnit.coding(of:)))
                    .map { ExportExtension.element(ExportExtension.unit, .coding($0)) },
            ].compactMap { $0 }
            initial = numeric.defaultValue.map(number)
        case .text(let text):
            if text.maximumLength > 0 { item["maxLength"] = .integer(text.maximumLength) }
            // A url item's own pattern is what its type already says (URLItemPattern).
            if let pattern = text.pattern, !(details.type == .url && pattern == URLItemPattern.pattern) {
                extensions.append(ExportExtension.element(ExportExtension.regex, .string(pattern)))
            }
            initial = text.defaultText.map(FHIRValue.string)
        case .date(let date):
            func value(_ day: Date) -> FHIRValue {
                date.style == .date
                    ? .date(FHIRDateText.date(day, offsetMinutes: timeZone.secondsFromGMT(for: day) / 60))
                    : .dateTime(FHIRDateText.dateTime(day, timeZone: timeZone))
            }
            extensions += [
                date.minimum.map { ExportExtension.element(ExportExtension.minValue, value($0)) },
                date.maximum.map { ExportExtension.element(ExportExtension.maxValue, value($0)) },
            ].compactMap { $0 }
            initial = date.defaultDate.map(value)
        case .timeOfDay(let time):
            initial = time.defaultValue.map { .time(FHIRDateText.time($0)) }
        case .timeInterval(let interval):
            extensions.append(ExportExtension.element(ExportExtension.unit, .coding(UCUMUnit.coding(of: "s"))))
            initial = interval.defaultInterval.map(FHIRValue.decimal)
        }
        if let code = details.itemControl ?? control { extensions.insert(ExportExtension.itemControl(code), at: 0) }
        if let placeholder {
            extensions.append(ExportExtension.element(ExportExtension.entryFormat, .string(placeholder)))
        }
        item["extension"] = extensions.json
        item["initial"] = initial.map { [$0.element("value")].json } ?? nil
    }

    /// A slider's bounds, `minimum` to `maximum`.
    private static func bounds(_ minimum: FHIRValue, _ maximum: FHIRValue) -> [FHIRElement] {
        [
            ExportExtension.element(ExportExtension.minValue, minimum),
            ExportExtension.element(ExportExtension.maxValue, maximum),
        ]
    }

    /// The answer options of `choices`, the one at `selected` marked as initially selected.
    private func options(_ choices: [TextChoice], selected: Int?) -> JSONValue? {
        choices.enumerated().map { index, choice in
            var option = ChoiceOption.value(of: choice).element("value")
            if index == selected { option["initialSelected"] = .bool(true) }
            option["extension"] =
                [
                    choice.score.map { ExportExtension.element(ExportExtension.ordinalValue, .decimal($0)) },
                    choice.exclusive ? ExportExtension.element(ExportExtension.optionExclusive, .boolean(true)) : nil,
                ].compactMap { $0 }.json
            return option
        }.json
    }
}
