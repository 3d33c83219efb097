/// One step of a `JSONReader`. Keys, strings and numbers carry no text: ask the reader for the token's value
/// (`string()`, `stringEquals(_:)`, `number()`, `double()`), which stays readable until the next call to `next()`.
package enum JSONToken: Sendable, Hashable {
    /// `{`.
    case objectStart
    /// `}`.
    case objectEnd
    /// `[`.
    case arrayStart
    /// `]`.
    case arrayEnd
    /// An object member's name (the `:` after it is checked by the next call).
    case key
    /// A string value.
    case string
    /// A number.
    case number
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// The end of the document (after checking that only whitespace follows the root value).
    case end
}

/// A JSON number as written: an integer when it has no fraction or exponent and fits `Int`, else a double.
package enum JSONNumber: Sendable, Hashable {
    /// A whole number within `Int`.
    case integer(Int)
    /// Any other (finite) number.
    case double(Double)
}
