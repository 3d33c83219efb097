import Foundation
import RegimenFoundation

/// How the resource's JSON becomes typed values without a full FHIR model (docs/expressions.md, "Typing of resource
/// elements"): a choice-type member's suffix names its type (`valueDate` holds a Date, `valueCoding` a Coding), a few
/// named members have a type of their own (`authored` is a dateTime, a Quantity's `value` a decimal), and the rest
/// follow their JSON: numbers with a fraction are decimals, whole numbers integers, strings strings, objects elements.
enum FHIRPathChoiceTypes {
    /// The type a value of `type` has.
    enum Kind: Sendable {
        case boolean, string, integer, decimal, date, dateTime, time
        /// A complex type, by name (Coding, Quantity…).
        case element(String)
    }

    /// The choice-type suffixes of QuestionnaireResponse's `answer.value[x]`, Questionnaire's `initial.value[x]`,
    /// `answerOption.value[x]` and `enableWhen.answer[x]`, and Extension's `value[x]`, with their types.
    static let suffixes: [String: Kind] = [
        "Boolean": .boolean, "Integer": .integer, "Decimal": .decimal, "String": .string, "Date": .date,
        "DateTime": .dateTime, "Time": .time, "Instant": .dateTime, "Uri": .string, "Url": .string,
        "Canonical": .string, "Code": .string, "Id": .string, "Markdown": .string, "PositiveInt": .integer,
        "UnsignedInt": .integer, "Coding": .element("Coding"), "Quantity": .element("Quantity"),
        "Reference": .element("Reference"), "Attachment": .element("Attachment"),
        "CodeableConcept": .element("CodeableConcept"), "Period": .element("Period"),
    ]

    /// What follows `name` in `key` (`Coding` of `valueCoding` after `value`), nil when `key` does not start with
    /// `name` or is `name` itself; compared by UTF-8 bytes, as JSON member names are matched exactly.
    static func suffix(of key: String, after name: String) -> String? {
        let bytes = key.utf8
        guard bytes.count > name.utf8.count, bytes.starts(with: name.utf8) else { return nil }
        return String(decoding: bytes.dropFirst(name.utf8.count), as: UTF8.self)
    }

    /// The choice-type members' names before their suffix: `value[x]`, and enableWhen's `answer[x]`.
    private static let choiceNames = ["value", "answer"]

    /// Members typed by their name in a parent of a given type (nil: any parent): a choice-type member named in
    /// full (`valueDecimal`) by its suffix, a few others by the table.
    private static func namedType(_ field: String, in parent: String?) -> Kind? {
        for name in choiceNames {
            if let suffix = suffix(of: field, after: name), let type = suffixes[suffix] { return type }
        }
        return switch (parent, field) {
        case (_, "authored"), ("Questionnaire", "date"), (_, "lastUpdated"): .dateTime
        case ("Quantity", "value"): .decimal
        case ("Coding", "code"), ("Quantity", "code"): .string
        default: nil
        }
    }

    /// The values a member holds (an array's items, each), typed by its name and its parent's type.
    static func values(of json: JSONValue, field: String, in parent: String?) -> [FHIRPathValue] {
        values(of: json, type: namedType(field, in: parent))
    }

    /// The values `json` holds, as `type` when given.
    static func values(of json: JSONValue, type: Kind?) -> [FHIRPathValue] {
        switch json {
        case .array(let items): return items.flatMap { values(of: $0, type: type) }
        case .null: return []
        case .object(let members):
            if case .element(let name) = type { return [.element(FHIRPathElement(members, typeName: name))] }
            let resourceType: String? =
                if case .string(let name)? = members["resourceType"] { name } else { nil }
            return [.element(FHIRPathElement(members, typeName: resourceType))]
        case .bool(let flag): return [.boolean(flag)]
        case .integer(let whole):
            if case .decimal = type { return [.decimal(Decimal(whole))] }
            return [.integer(whole)]
        case .double:
            return decimal(json).map { [.decimal($0)] } ?? []
        case .string(let text):
            switch type {
            case .date:
                if let date = FHIRPathTemporalText.date(text) { return [.date(date)] }
            case .dateTime:
                if let dateTime = FHIRPathTemporalText.fhirDateTime(text) { return [.dateTime(dateTime)] }
            case .time:
                if let time = FHIRPathTemporalText.time(text) { return [.time(time)] }
            default: break
            }
            return [.string(text)]
        }
    }

    /// A JSON number as a decimal: the shortest digits that read back as the same double (`1.1`, not
    /// `1.100000000000000088…`), as the resource wrote them unless it wrote trailing zeros.
    static func decimal(_ json: JSONValue) -> Decimal? {
        switch json {
        case .integer(let whole): Decimal(whole)
        case .double(let number):
            number.isFinite ? FHIRPathNumberText.decimal("\(number)") : nil
        default: nil
        }
    }
}
