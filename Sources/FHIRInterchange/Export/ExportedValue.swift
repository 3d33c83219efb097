package import RegimenFoundation

/// One FHIR `value[x]` (or `answer[x]`, `initial[x]`) as the export writes it: its type decides the member's name
/// (docs/fhir-export.md, "Answers").
package enum ExportedValue: Sendable, Hashable {
    /// `true` or `false`.
    case boolean(Bool)
    /// A whole number.
    case integer(Int)
    /// A decimal number.
    case decimal(Double)
    /// Text.
    case string(String)
    /// `yyyy-MM-dd`.
    case date(String)
    /// A date and time with its offset.
    case dateTime(String)
    /// `HH:mm:ss`.
    case time(String)
    /// A Coding object.
    case coding(FHIRElement)
    /// A Quantity object.
    case quantity(FHIRElement)
    /// A URI (a url item's answer).
    case uri(String)
    /// A CodeableConcept object.
    case codeableConcept(FHIRElement)

    /// The FHIR type name that follows the prefix: `valueInteger`, `answerCoding`.
    package var typeName: String {
        switch self {
        case .boolean: "Boolean"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .string: "String"
        case .date: "Date"
        case .dateTime: "DateTime"
        case .time: "Time"
        case .coding: "Coding"
        case .quantity: "Quantity"
        case .uri: "Uri"
        case .codeableConcept: "CodeableConcept"
        }
    }

    /// The value as JSON.
    package var json: JSONValue {
        switch self {
        case .boolean(let flag): .bool(flag)
        case .integer(let number): .integer(number)
        case .decimal(let number): .double(number)
        case .string(let text), .date(let text), .dateTime(let text), .time(let text), .uri(let text): .string(text)
        case .coding(let element), .quantity(let element), .codeableConcept(let element): element.json ?? .null
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
}
