/// A FHIR `value[x]` / `answer[x]` / `initial[x]` choice, typed by its suffix (`valueCoding`, `answerInteger`, …).
package enum FHIRValue: Sendable, Hashable {
    /// `…Boolean`.
    case boolean(Bool)
    /// `…Integer`.
    case integer(Int)
    /// `…Decimal`.
    case decimal(Double)
    /// `…String` (also `…Uri`, `…Url`, `…Canonical`, `…Code`, `…Markdown`).
    case string(String)
    /// `…Date`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    case date(String)
    /// `…DateTime`.
    case dateTime(String)
    /// `…Time`: `hh:mm:ss`.
    case time(String)
    /// `…Coding`.
    case coding(FHIRCoding)
    /// `…CodeableConcept`: its codings and text.
    case codeableConcept([FHIRCoding], text: String?)
    /// `…Quantity`: value and unit coding.
    case quantity(Double?, unit: FHIRCoding)
    /// `…Expression`: the expression's text (FHIRPath, CQL, …).
    case expression(String)
    /// Any other type (Reference, Attachment, …), by its type name.
    case unsupported(String)

    /// The FHIR type name, for messages ("Coding", "Integer", …).
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
        case .codeableConcept: "CodeableConcept"
        case .quantity: "Quantity"
        case .expression: "Expression"
        case .unsupported(let name): name
        }
    }

    /// The number it holds (integer, decimal or a quantity's value).
    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        case .quantity(let value, _): value
        default: nil
        }
    }
}
