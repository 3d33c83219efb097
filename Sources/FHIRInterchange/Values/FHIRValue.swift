package import RegimenFoundation

/// One FHIR choice value, `value[x]`, `answer[x]` or `initial[x]` — an answer, an answer option, an initial value, an
/// enableWhen's answer, an extension's value — typed by the suffix of its member's name (`valueCoding`,
/// `answerInteger`). The export writes it with `set(_:in:)` (docs/fhir-export.md, "Answers"); the import reads it
/// with `init(prefix:in:)` (docs/fhir-import.md).
package enum FHIRValue: Sendable, Hashable {
    /// `…Boolean`: `true` or `false`.
    case boolean(Bool)
    /// `…Integer`: a whole number.
    case integer(Int)
    /// `…Decimal`: a decimal number.
    case decimal(Double)
    /// `…String`: text. Read also from `…Uri`, `…Url`, `…Canonical`, `…Code`, `…Markdown` and `…Id`, which the
    /// import takes as text.
    case string(String)
    /// `…Date`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    case date(String)
    /// `…DateTime`: a date and time with its offset.
    case dateTime(String)
    /// `…Time`: `hh:mm:ss`.
    case time(String)
    /// `…Uri`: a url item's answer (written only; the import reads a `…Uri` as `.string`).
    case uri(String)
    /// `…Coding`.
    case coding(FHIRCoding)
    /// `…CodeableConcept`: its codings and text.
    case codeableConcept([FHIRCoding], text: String?)
    /// `…Quantity`: its amount, and its unit as a coding (the unit text is the coding's display).
    case quantity(Amount?, unit: FHIRCoding)
    /// `…Expression`: the expression's text (FHIRPath, CQL, …); read only, never written.
    case expression(String)
    /// Any other type (Reference, Attachment, …), by its type name; read only, never written.
    case unsupported(String)

    /// A Quantity's amount, whole or decimal, as it is written (`5`, `5.0`).
    package enum Amount: Sendable, Hashable {
        /// A whole amount.
        case integer(Int)
        /// A decimal amount.
        case decimal(Double)

        /// The amount as a number.
        package var number: Double {
            switch self {
            case .integer(let value): Double(value)
            case .decimal(let value): value
            }
        }

        /// The amount as JSON.
        var json: JSONValue {
            switch self {
            case .integer(let value): .integer(value)
            case .decimal(let value): .double(value)
            }
        }
    }

    /// An integer or decimal value holding `amount`.
    package init(_ amount: Amount) {
        switch amount {
        case .integer(let value): self = .integer(value)
        case .decimal(let value): self = .decimal(value)
        }
    }

    /// The FHIR type name that follows the prefix (`valueInteger`, `answerCoding`); also for messages.
    package var typeName: String {
        switch self {
        case .boolean: "Boolean"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .string: "String"
        case .date: "Date"
        case .dateTime: "DateTime"
        case .time: "Time"
        case .uri: "Uri"
        case .coding: "Coding"
        case .codeableConcept: "CodeableConcept"
        case .quantity: "Quantity"
        case .expression: "Expression"
        case .unsupported(let name): name
        }
    }

    /// The number it holds (integer, decimal or a quantity's amount).
    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        case .quantity(let amount, _): amount?.number
        default: nil
        }
    }

    // MARK: Writing

    /// The value as JSON; nil for a complex value with nothing in it, and for the types only read (an expression, an
    /// unsupported type).
    var json: JSONValue? {
        switch self {
        case .boolean(let flag): .bool(flag)
        case .integer(let number): .integer(number)
        case .decimal(let number): .double(number)
        case .string(let text), .date(let text), .dateTime(let text), .time(let text), .uri(let text): .string(text)
        case .coding(let coding): coding.element.json
        case .codeableConcept(let codings, let text):
            FHIRElement(["coding": codings.map(\.element).json, "text": text.map(JSONValue.string)]).json
        case .quantity(let amount, let unit):
            FHIRElement([
                "value": amount?.json, "unit": unit.display.map(JSONValue.string),
                "system": unit.system.map(JSONValue.string), "code": unit.code.map(JSONValue.string),
            ]).json
        case .expression, .unsupported: nil
        }
    }

    /// Sets `prefix` + type name (`valueInteger`) to the value in `element`.
    package func set(_ prefix: String, in element: inout FHIRElement) {
        element[prefix + typeName] = json
    }

    /// An element holding only this value under `prefix` (an `answer`, an `initial`).
    package func element(_ prefix: String) -> FHIRElement {
        var element = FHIRElement()
        set(prefix, in: &element)
        return element
    }

    // MARK: Reading

    /// The `prefix[x]` member of `reader` (`valueCoding`, `answerInteger`, …), reporting wrong-typed content; nil when
    /// it has none, or when its content is not of its type.
    init?(prefix: String, in reader: FHIRObjectReader) {
        guard let key = reader.choiceKey(prefix: prefix) else { return nil }
        let suffix = String(key.dropFirst(prefix.count))
        let value: FHIRValue?
        switch suffix {
        case "Boolean": value = reader.bool(key).map(FHIRValue.boolean)
        case "Integer", "PositiveInt", "UnsignedInt": value = reader.integer(key).map(FHIRValue.integer)
        case "Decimal": value = reader.number(key).map(FHIRValue.decimal)
        case "String", "Uri", "Url", "Canonical", "Code", "Markdown", "Id":
            value = reader.string(key).map(FHIRValue.string)
        case "Date": value = reader.string(key).map(FHIRValue.date)
        case "DateTime", "Instant": value = reader.string(key).map(FHIRValue.dateTime)
        case "Time": value = reader.string(key).map(FHIRValue.time)
        case "Coding": value = reader.object(key).map { .coding(FHIRCoding(reading: $0)) }
        case "CodeableConcept":
            value = reader.object(key).map {
                .codeableConcept($0.objects("coding").map(FHIRCoding.init(reading:)), text: $0.string("text"))
            }
        case "Quantity":
            value = reader.object(key).map { quantity in
                let amount: Amount? =
                    if case .integer(let whole)? = quantity.members["value"] {
                        .integer(whole)
                    } else {
                        quantity.number("value").map(Amount.decimal)
                    }
                return .quantity(
                    amount,
                    unit: FHIRCoding(
                        system: quantity.string("system"), code: quantity.string("code"),
                        display: quantity.string("unit")))
            }
        case "Expression": value = reader.object(key).map { .expression($0.string("expression") ?? "") }
        default: value = .unsupported(suffix)
        }
        guard let value else { return nil }
        self = value
    }
}
