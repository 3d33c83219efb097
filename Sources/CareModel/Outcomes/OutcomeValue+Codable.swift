import Foundation

/// CareKit's hand-written JSON for outcome values (docs/carekit-store.md, "Outcome values"): `type`, `value`,
/// `createdDate`, optional `kind` and `units`.
extension OutcomeValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, value, createdDate, kind, units
    }

    /// Decodes a value, switching on `type` first; an unknown type fails.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let value: Value
        switch type {
        case "integer": value = .integer(try container.decode(Int.self, forKey: .value))
        case "double": value = .double(try container.decode(Double.self, forKey: .value))
        case "boolean": value = .boolean(try container.decode(Bool.self, forKey: .value))
        case "text": value = .text(try container.decode(String.self, forKey: .value))
        case "binary": value = .binary(try container.decode(Data.self, forKey: .value))
        case "date": value = .date(try container.decode(Date.self, forKey: .value))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown value type")
        }
        self.init(
            value, kind: try container.decodeIfPresent(String.self, forKey: .kind),
            units: try container.decodeIfPresent(String.self, forKey: .units),
            createdDate: try container.decode(Date.self, forKey: .createdDate))
    }

    /// Encodes a value in CareKit's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value.typeName, forKey: .type)
        switch value {
        case .integer(let number): try container.encode(number, forKey: .value)
        case .double(let number): try container.encode(number, forKey: .value)
        case .boolean(let flag): try container.encode(flag, forKey: .value)
        case .text(let text): try container.encode(text, forKey: .value)
        case .binary(let data): try container.encode(data, forKey: .value)
        case .date(let date): try container.encode(date, forKey: .value)
        }
        try container.encode(createdDate, forKey: .createdDate)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(units, forKey: .units)
    }
}
