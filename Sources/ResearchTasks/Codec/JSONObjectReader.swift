package import Foundation
package import RegimenFoundation

/// Typed access to one JSON object of a result file, producing `ResultFileError`s that name the path.
/// A `null` member counts as absent for optional keys (the serializer never writes nulls).
package struct JSONObjectReader {
    /// The object's members.
    package let members: JSONObject
    /// The object's path in the document ("" at the top level).
    package let path: String

    /// Reads `value` at `path`, which must be an object.
    package init(_ value: JSONValue, path: String) throws(ResultFileError) {
        guard case .object(let members) = value else {
            throw .wrongType(path: path, expected: .object, found: JSONKind(of: value))
        }
        self.members = members
        self.path = path
    }

    /// The path of member `key`.
    package func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The path of element `index` of array member `key`.
    package func path(of key: String, index: Int) -> String {
        "\(path(of: key))[\(index)]"
    }

    /// `_class`, required.
    package func className() throws(ResultFileError) -> String {
        try string("_class")
    }

    /// Fails unless `_class` is `expected`; a missing `_class` is accepted when `optional`.
    package func requireClass(_ expected: String, optional: Bool = false) throws(ResultFileError) {
        if optional, value("_class") == nil { return }
        let found = try className()
        guard found == expected else { throw .wrongClass(path: path, expected: expected, found: found) }
    }

    /// A present, non-null member.
    package func value(_ key: String) -> JSONValue? {
        switch members[key] {
        case nil, .null?: nil
        case let value?: value
        }
    }

    /// A required string.
    package func string(_ key: String) throws(ResultFileError) -> String {
        guard let text = try optionalString(key) else { throw missing(key, .string) }
        return text
    }

    /// An optional string.
    package func optionalString(_ key: String) throws(ResultFileError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, .string, value) }
        return text
    }

    /// A required date in any accepted form (through `recent`, as `optionalDate`).
    package func date(_ key: String, recent: RecentDateText? = nil) throws(ResultFileError) -> Date {
        guard let date = try optionalDate(key, recent: recent) else { throw missing(key, .string) }
        return date
    }

    /// An optional date in any accepted form; given `recent`, the same text as the last date it read gives that date
    /// without reading it again.
    package func optionalDate(_ key: String, recent: RecentDateText? = nil) throws(ResultFileError) -> Date? {
        guard let text = try optionalString(key) else { return nil }
        if let date = recent?.date(for: text) { return date }
        guard let date = ResultDateText.date(from: text) else { throw .badDate(path: path(of: key), text: text) }
        recent?.remember(text, date)
        return date
    }

    /// A required boolean (`true`/`false` only; `1` is not a boolean).
    package func bool(_ key: String) throws(ResultFileError) -> Bool {
        guard let flag = try optionalBool(key) else { throw missing(key, .boolean) }
        return flag
    }

    /// An optional boolean.
    package func optionalBool(_ key: String) throws(ResultFileError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, .boolean, value) }
        return flag
    }

    /// An optional BOOL property as ResearchKit's decoder reads it: `true`/`false`, or a number (non-zero is true,
    /// as an `NSNumber` set on a BOOL property is read; docs/researchkit-results.md).
    package func optionalFlag(_ key: String) throws(ResultFileError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = Self.flag(value) else { throw wrongType(key, .boolean, value) }
        return flag
    }

    /// `value` read as a BOOL property (`optionalFlag`), nil when it is neither a boolean nor a number.
    package static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): flag
        case .integer(let number): number != 0
        case .double(let number): number != 0
        default: nil
        }
    }

    /// A required whole number.
    package func integer(_ key: String) throws(ResultFileError) -> Int {
        guard let number = try optionalInteger(key) else { throw missing(key, .integer) }
        return number
    }

    /// An optional whole number; a number written with a fraction of zero (`3600.0`) is whole too, as
    /// ResearchKit's decoder reads any `NSNumber` into an integer property.
    package func optionalInteger(_ key: String) throws(ResultFileError) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = Self.wholeNumber(value) else { throw wrongType(key, .integer, value) }
        return number
    }

    /// `value` read as a whole number (`optionalInteger`), nil when it is none.
    package static func wholeNumber(_ value: JSONValue) -> Int? {
        switch value {
        case .integer(let number): number
        case .double(let number) where number.rounded() == number && abs(number) < 9e15: Int(number)
        default: nil
        }
    }

    /// An optional number that remembers whether it was written whole.
    package func optionalNumber(_ key: String) throws(ResultFileError) -> NumberValue? {
        guard let value = value(key) else { return nil }
        guard let number = Self.number(value) else { throw wrongType(key, .number, value) }
        return number
    }

    /// `value` read as a number that remembers whether it was written whole (`optionalNumber`), nil when it is none.
    package static func number(_ value: JSONValue) -> NumberValue? {
        switch value {
        case .integer(let number): .integer(number)
        case .double(let number): .decimal(number)
        default: nil
        }
    }

    /// An optional number as a double.
    package func optionalDouble(_ key: String) throws(ResultFileError) -> Double? {
        try optionalNumber(key)?.doubleValue
    }

    /// A required number as a double.
    package func double(_ key: String) throws(ResultFileError) -> Double {
        guard let number = try optionalDouble(key) else { throw missing(key, .number) }
        return number
    }

    /// An optional array.
    package func optionalArray(_ key: String) throws(ResultFileError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw wrongType(key, .array, value) }
        return items
    }

    /// An optional object.
    package func optionalObject(_ key: String) throws(ResultFileError) -> JSONObject? {
        guard let value = value(key) else { return nil }
        guard case .object(let members) = value else { throw wrongType(key, .object, value) }
        return members
    }

    /// Absent ⇒ missing key; explicit `null` ⇒ wrong type.
    private func missing(_ key: String, _ expected: JSONKind) -> ResultFileError {
        members[key] == .null
            ? .wrongType(path: path(of: key), expected: expected, found: .null)
            : .missingKey(path: path, key: key)
    }

    private func wrongType(_ key: String, _ expected: JSONKind, _ value: JSONValue) -> ResultFileError {
        .wrongType(path: path(of: key), expected: expected, found: JSONKind(of: value))
    }
}
