import Foundation

/// `OCKOutcomeValue`: one typed value of an outcome, with its kind, units and creation date (docs/carekit-store.md, "Outcome values").
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
        case integer(Int)
        case double(Double)
        case boolean(Bool)
        case text(String)
        case binary(Data)
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
