package import Foundation

/// One item of a collection (N1 §3.1): a system primitive (N1 §4.1, §10.2.1), a quantity, or an
/// element of the resource (an object such as an answer or a Coding). An expression's value is an ordered array of
/// them; the empty array is FHIRPath's `{}`.
package enum FHIRPathValue: Sendable, Hashable {
    case boolean(Bool)
    case string(String)
    case integer(Int)
    /// A decimal, kept exactly (Foundation's 38-digit decimal): `0.1 + 0.2 = 0.3`.
    case decimal(Decimal)
    case date(FHIRPathDate)
    case dateTime(FHIRPathDateTime)
    case time(FHIRPathTime)
    case quantity(FHIRPathQuantity)
    /// An object of the resource and its FHIR type when known (docs/expressions.md, "Typing of resource elements").
    case element(FHIRPathElement)

    /// The value as the number it is, for arithmetic: integers widen to decimals.
    var decimalValue: Decimal? {
        switch self {
        case .integer(let value): Decimal(value)
        case .decimal(let value): value
        default: nil
        }
    }

    /// The quantity this is, or an element of type Quantity converts to (docs/expressions.md, "Typing of resource elements").
    var quantityValue: FHIRPathQuantity? {
        switch self {
        case .quantity(let quantity): quantity
        case .element(let element): element.quantity
        default: nil
        }
    }

    /// A name for error messages: "Integer", "String", "Coding"…
    package var typeName: String {
        switch self {
        case .boolean: "Boolean"
        case .string: "String"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .date: "Date"
        case .dateTime: "DateTime"
        case .time: "Time"
        case .quantity: "Quantity"
        case .element(let element): element.typeName ?? "Element"
        }
    }
}
