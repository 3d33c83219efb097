/// Why an expression could not be evaluated: the errors FHIRPath itself defines (N1 §4.5, §6), never a trap. Empty
/// operands, division by zero and overflow are not errors: they give the empty collection, as the specification says.
package enum FHIRPathEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `%name` names a variable the caller did not define.
    case undefinedVariable(String)
    /// An operator or function that needs one item was given `count` (N1 §4.5).
    case notASingleton(operation: String, count: Int)
    /// An operator or function was given an item of a type it does not take (N1 §6.2, §6.6).
    case wrongType(operation: String, found: String)
    /// A binary operator was given two items it cannot combine: a String and an Integer, a Date and 3 'kg'.
    case incompatibleTypes(operation: String, left: String, right: String)
    /// Date and time arithmetic with a unit that is not a calendar duration, `'s'` or `'ms'` (N1 §6.7).
    case notADuration(unit: String, operation: String)
    /// Date arithmetic leaves the years 1 to 9999 (N1 §6.7: "If the resulting year is out of range, an error is
    /// thrown").
    case dateOutOfRange
    /// A collection grew past `limit` items (`select()` within `select()`, `repeat()`, `combine()`…): the bound that
    /// keeps a hostile expression from exhausting memory (docs/expressions.md, "Limits").
    case tooManyItems(limit: Int)
    /// A string grew past `limit` bytes of UTF-8 (`+`, `&`, `replace()` chained).
    case stringTooLong(limit: Int)
    /// `round()` was given a negative number of digits (N1 §5.7.8).
    case negativeRoundingPrecision(Int)
    /// `matches()` was given a pattern that is not a regular expression.
    case invalidRegularExpression(String)

    /// The error in words: "'+' takes one item on each side, not 2".
    package var description: String {
        switch self {
        case .undefinedVariable(let name): "the variable %\(name) is not defined"
        case .notASingleton(let operation, let count): "\(operation) takes a single item, not \(count)"
        case .wrongType(let operation, let found): "\(operation) does not take an item of type \(found)"
        case .incompatibleTypes(let operation, let left, let right):
            "\(operation) cannot combine an item of type \(left) with one of type \(right)"
        case .notADuration(let unit, let operation): "\(operation) needs a calendar duration, not '\(unit)'"
        case .dateOutOfRange: "the date leaves the years 1 to 9999"
        case .tooManyItems(let limit): "a collection grew past \(limit) items"
        case .stringTooLong(let limit): "a string grew past \(limit) bytes"
        case .negativeRoundingPrecision(let digits): "round() takes 0 or more digits, not \(digits)"
        case .invalidRegularExpression(let pattern): "'\(pattern)' is not a regular expression"
        }
    }
}
