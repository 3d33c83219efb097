package import Foundation
import RegimenFoundation
package import ResearchTasks

/// A question result's answer as FHIR answer values, typed as the exported item's type says (docs/fhir-export.md,
/// "Answers"): one per chosen choice, none when unanswered.
package enum AnswerValues {
    /// The values of `value`, recorded for a question of `format` whose item kept `details` (a quantity's answer is a
    /// valueQuantity in the format's unit, a url's a valueUri); a date without its own zone is read in `timeZone`.
    package static func values(
        _ value: QuestionValue, format: AnswerFormat, details: FHIRItemDetails = FHIRItemDetails(), timeZone: TimeZone
    ) -> [FHIRValue] {
        let isWhole = QuestionnaireItemKind(format).type == "integer"
        func amount(_ number: NumberValue) -> FHIRValue.Amount {
            switch number {
            case .integer(let whole): isWhole ? .integer(whole) : .decimal(Double(whole))
            case .decimal(let decimal):
                isWhole ? Int(exactly: decimal).map(FHIRValue.Amount.integer) ?? .decimal(decimal) : .decimal(decimal)
            }
        }
        func number(_ number: NumberValue) -> FHIRValue { FHIRValue(amount(number)) }
        switch value {
        case .numeric(let answer?, _, _) where details.type == .quantity:
            guard case .numeric(let numeric) = format else { return [number(answer)] }
            // The unit's text is its coding's display, else its code.
            let unit =
                numeric.unitCode.map { FHIRCoding(system: $0.system, code: $0.code, display: $0.display ?? $0.code) }
                ?? numeric.unit.map(UCUMUnit.coding(of:)) ?? FHIRCoding()
            return [.quantity(amount(answer), unit: unit)]
        case .text(let text?) where details.type == .url:
            return text.allSatisfy(\.isWhitespace) ? [] : [.uri(text)]
        case .scale(let answer?), .numeric(let answer?, _, _):
            return [number(answer)]
        case .choice(let chosen?):
            let choices = format.choices ?? []
            return chosen.map { ChoiceOption.answer(for: $0, in: choices) }
        case .boolean(let flag?):
            return [.boolean(flag)]
        case .text(let text?):
            return text.allSatisfy(\.isWhitespace) ? [] : [.string(text)]
        case .timeOfDay(let time?):
            return [.time(FHIRDateText.time(time))]
        case .timeInterval(let seconds?):
            return [.decimal(seconds)]
        case .date(let date?, _, let zoneSeconds):
            let offset = zoneSeconds.map { $0 / 60 } ?? timeZone.secondsFromGMT(for: date) / 60
            if case .date(let dateFormat) = format, dateFormat.style == .date {
                return [.date(FHIRDateText.date(date, offsetMinutes: offset))]
            }
            return [.dateTime(FHIRDateText.dateTime(date, offsetMinutes: offset))]
        case .scale(nil), .numeric(nil, _, _), .choice(nil), .boolean(nil), .text(nil), .timeOfDay(nil),
            .timeInterval(nil),
            .date(nil, _, _):
            return []
        }
    }
}
