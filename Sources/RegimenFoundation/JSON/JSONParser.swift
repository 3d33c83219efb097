package import Foundation

/// Parses a whole JSON document into `JSONValue` with `JSONReader`: keeps `true` apart from `1` and `4` apart from
/// `4.0` (no NSNumber bridging), bounds nesting depth, and never traps on malformed input.
package enum JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    package static let maximumDepth = JSONReader.maximumDepth

    /// Parses one JSON document (an optional UTF-8 byte-order mark is skipped).
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        let outcome: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in try parse(raw.bindMemory(to: UInt8.self)) }
        }
        return try outcome.get()
    }

    /// Parses one JSON document held in `bytes` (an optional UTF-8 byte-order mark is skipped).
    package static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let outcome: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try parse(buffer) }
        }
        return try outcome.get()
    }

    /// Parses one JSON document in `buffer`.
    package static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: buffer)
        return try parseDocument(&reader)
    }

    /// Reads the whole document from `reader` (which must be at its start) and checks nothing follows it.
    package static func parseDocument(_ reader: inout JSONReader) throws(JSONSyntaxError) -> JSONValue {
        let value = try value(of: try reader.next(), in: &reader)
        _ = try reader.next()  // .end, or the error for trailing text
        return value
    }

    /// The value that starts with `token` (recursion is bounded by `JSONReader.maximumDepth`).
    package static func value(of token: JSONToken, in reader: inout JSONReader) throws(JSONSyntaxError) -> JSONValue {
        var recent = JSONRecentStrings()
        return try value(of: token, in: &reader, recent: &recent)
    }

    /// `value(of:in:)`, string values written again within the value made once (`JSONRecentStrings`).
    private static func value(
        of token: JSONToken, in reader: inout JSONReader, recent: inout JSONRecentStrings
    ) throws(JSONSyntaxError) -> JSONValue {
        switch token {
        case .objectStart:
            var members: JSONObject = [:]
            members.reserveCapacity(8)
            while try reader.next() == .key {
                let key = reader.string()
                members[key] = try value(of: try reader.next(), in: &reader, recent: &recent)
            }
            return .object(members)
        case .arrayStart:
            var items: [JSONValue] = []
            while true {
                let next = try reader.next()
                if next == .arrayEnd { return .array(items) }
                items.append(try value(of: next, in: &reader, recent: &recent))
            }
        case .string: return .string(reader.string(reusing: &recent))
        case .number:
            switch try reader.number() {
            case .integer(let whole): return .integer(whole)
            case .double(let number): return .double(number)
            }
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .objectEnd, .arrayEnd, .key, .end:
            // The reader never hands these out where a value starts.
            return .null
        }
    }
}
