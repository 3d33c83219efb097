/// The kind of a JSON value, as named in decoding errors.
package enum JSONKind: String, Sendable, Hashable {
    /// `{…}`.
    case object
    /// `[…]`.
    case array
    /// `"…"`.
    case string
    /// A number without fraction or exponent.
    case integer
    /// Any number (as expected), or one with a fraction or exponent (as found).
    case number
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null

    /// The kind of `value`.
    package init(of value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .integer: self = .integer
        case .double: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }

    /// "an object", "a string", … for messages.
    package var phrase: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        }
    }
}
