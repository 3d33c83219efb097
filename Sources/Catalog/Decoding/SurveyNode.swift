/// A parsed survey document: YAML/JSON values with their line numbers (Sendable, unlike Yams' `Node`).
struct SurveyNode: Sendable, Hashable {
    /// The value.
    var value: Value
    /// 1-based line where the value starts (0 when unknown).
    var line: Int

    /// The value kinds a document can hold.
    enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case mapping([Entry])
        case sequence([SurveyNode])
    }

    /// One key/value pair of a mapping, in document order.
    struct Entry: Sendable, Hashable {
        var key: String
        var value: SurveyNode
    }

    /// A word for the kind of value, used in "must be a string, found a number" messages.
    var kindName: String {
        switch value {
        case .null: "nothing (null)"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    /// The mapping entries, if this is a mapping.
    var entries: [Entry]? {
        if case .mapping(let entries) = value { entries } else { nil }
    }

    /// The string, if this is a string.
    var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    /// The number, if this is an integer or decimal.
    var number: Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// A JSON rendering (used to check documents against the JSON Schema).
    var jsonValue: JSONish {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .mapping(let entries): .object(entries.map { ($0.key, $0.value.jsonValue) })
        case .sequence(let items): .array(items.map(\.jsonValue))
        }
    }
}

/// A minimal JSON tree that keeps key order, for writing documents as JSON.
indirect enum JSONish: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONish])
    case object([(String, JSONish)])
}
