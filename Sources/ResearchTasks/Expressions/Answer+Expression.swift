package import FHIRPath
import Foundation
import RegimenFoundation

extension Answer {
    /// The answer an expression's value gives a question of `format` (a calculated item, an initial value): nil when
    /// the value is empty, has several items where one is needed, or is of a kind the format does not take
    /// (surveys/README.md, "Expressions"). A decimal is rounded to the format's fraction digits, half away from zero.
    package init?(expressionValue values: [FHIRPathValue], format: AnswerFormat) {
        if let choices = format.choices {
            let chosen = values.compactMap { Self.choiceValue($0, in: choices) }
            guard !chosen.isEmpty, chosen.count == values.count else { return nil }
            guard format.questionType == .multipleChoice || chosen.count == 1 else { return nil }
            self = .choices(chosen)
            return
        }
        guard values.count == 1, let value = values.first else { return nil }
        switch format {
        case .scale:
            guard let number = Self.number(value), let whole = Int(exactly: number) else { return nil }
            self = .scale(.integer(whole))
        case .continuousScale(let scale):
            guard let number = Self.number(value) else { return nil }
            self = .scale(.decimal(Self.rounded(number, digits: scale.maximumFractionDigits)))
        case .numeric(let numeric):
            guard let number = Self.number(value) else { return nil }
            if numeric.style == .integer {
                guard let whole = Int(exactly: number.rounded()), number.rounded() == number else { return nil }
                self = .numeric(.integer(whole))
            } else {
                self = .numeric(.decimal(Self.rounded(number, digits: numeric.maximumFractionDigits)))
            }
        case .boolean:
            guard case .boolean(let flag) = value else { return nil }
            self = .boolean(flag)
        case .text:
            guard let text = ExpressionScope.text(value) else { return nil }
            self = .text(text)
        case .timeOfDay:
            guard case .time(let time) = value else { return nil }
            self = .timeOfDay(TimeOfDay(hour: time.hour, minute: time.minute ?? 0))
        case .timeInterval:
            guard let number = Self.number(value) else { return nil }
            self = .timeInterval(number)
        case .date, .textChoice, .textScale, .valuePicker:
            return nil
        }
    }

    /// A number, or a quantity's value.
    private static func number(_ value: FHIRPathValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .decimal(let number): NSDecimalNumber(decimal: number).doubleValue
        case .quantity(let quantity): NSDecimalNumber(decimal: quantity.value).doubleValue
        default: nil
        }
    }

    private static func rounded(_ number: Double, digits: Int?) -> Double {
        guard let digits, digits >= 0, digits <= 15 else { return number }
        let scale = pow(10, Double(digits))
        return (number * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// The choice a value names: a Coding's code, a string or a number equal to a choice's value.
    private static func choiceValue(_ value: FHIRPathValue, in choices: [TextChoice]) -> ChoiceValue? {
        if case .element(let element) = value {
            guard case .string(let code)? = element.members["code"] else { return nil }
            return choices.first { $0.coding?.code == code || $0.value.plainText == code }?.value
        }
        guard let wanted = wantedChoice(value) else { return nil }
        return choices.first { $0.value.matches(wanted) || $0.value.plainText == wanted.plainText }?.value
    }

    private static func wantedChoice(_ value: FHIRPathValue) -> ChoiceValue? {
        switch value {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .decimal(let number): .double(NSDecimalNumber(decimal: number).doubleValue)
        case .boolean(let flag): .boolean(flag)
        default: nil
        }
    }
}
