public import Foundation

/// `OCKOutcomeValue`: one typed value of an outcome, with its kind, units and creation date (docs/carekit-store.md,
/// "Outcome values").
public struct OutcomeValue: Sendable, Hashable {
    /// The typed value.
    public var value: Value
    /// What the value is, e.g. "checkin.form.pain" or "range".
    public var kind: String?
    /// Units, e.g. "degrees" or "h".
    public var units: String?
    /// When the value was created.
    public var createdDate: Date

    /// Creates a value.
    public init(_ value: Value, kind: String? = nil, units: String? = nil, createdDate: Date) {
        self.value = value
        self.kind = kind
        self.units = units
        self.createdDate = createdDate
    }

    /// CareKit's value types (`OCKOutcomeValueType`); raw values are CareKit's type strings.
    public enum Value: Sendable, Hashable {
        /// A whole number.
        case integer(Int)
        /// A floating-point number.
        case double(Double)
        /// A yes/no value.
        case boolean(Bool)
        /// Text.
        case text(String)
        /// Raw bytes.
        case binary(Data)
        /// An instant.
        case date(Date)

        /// CareKit's type name: integer, double, boolean, text, binary or date.
        public var typeName: String {
            switch self {
            case .integer: "integer"
            case .double: "double"
            case .boolean: "boolean"
            case .text: "text"
            case .binary: "binary"
            case .date: "date"
            }
        }
    }
}
