import RegimenFoundation

/// Reads one JSON object of a FHIR resource: typed members, each wrong type reported as a loss naming its place
/// (`item[2].maxLength: must be an integer, found a string`) so the rest of the file still imports.
struct FHIRObjectReader {
    /// The object's members.
    let members: JSONObject
    /// Where the object is, e.g. `item[2].answerOption[0]` (empty for the root).
    let place: String
    /// Whom a loss concerns.
    let subject: FHIRImportLoss.Subject
    /// Where losses go.
    let losses: LossList

    /// The place of `key` inside this object.
    func place(of key: String) -> String {
        place.isEmpty ? key : "\(place).\(key)"
    }

    /// Reports that `key` holds the wrong kind of value.
    func wrongType(_ key: String, expected: String, found value: JSONValue) {
        losses.add(subject, "\(place(of: key)): must be \(expected), found \(Self.describe(value)); ignored")
    }

    /// The member at `key` read by `read` (nil when absent, or reported as not `expected` when `read` refuses it).
    private func member<Value>(_ key: String, expected: String, _ read: (JSONValue) -> Value?) -> Value? {
        guard let value = members[key] else { return nil }
        guard let typed = read(value) else {
            wrongType(key, expected: expected, found: value)
            return nil
        }
        return typed
    }

    /// The string at `key` (nil when absent or not a string).
    func string(_ key: String) -> String? {
        member(key, expected: "a string") { if case .string(let text) = $0 { text } else { nil } }
    }

    /// The boolean at `key` (nil when absent or not a boolean).
    func bool(_ key: String) -> Bool? {
        member(key, expected: "true or false") { if case .bool(let flag) = $0 { flag } else { nil } }
    }

    /// The integer at `key` (nil when absent or not a whole number).
    func integer(_ key: String) -> Int? {
        member(key, expected: "an integer") { value in
            switch value {
            case .integer(let number): number
            case .double(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
            default: nil
            }
        }
    }

    /// The number at `key` (nil when absent or not a number).
    func number(_ key: String) -> Double? {
        member(key, expected: "a number") { value in
            switch value {
            case .integer(let number): Double(number)
            case .double(let number): number
            default: nil
            }
        }
    }

    /// The objects of the array at `key`, each with its place (`key[i]`); other elements are reported.
    func objects(_ key: String) -> [FHIRObjectReader] {
        guard let value = members[key] else { return [] }
        guard case .array(let elements) = value else {
            wrongType(key, expected: "an array", found: value)
            return []
        }
        return elements.enumerated().compactMap { index, element in
            guard case .object(let members) = element else {
                wrongType("\(key)[\(index)]", expected: "an object", found: element)
                return nil
            }
            return FHIRObjectReader(
                members: members, place: place(of: "\(key)[\(index)]"), subject: subject, losses: losses)
        }
    }

    /// The object at `key` (nil when absent or not an object).
    func object(_ key: String) -> FHIRObjectReader? {
        guard let value = members[key] else { return nil }
        guard case .object(let members) = value else {
            wrongType(key, expected: "an object", found: value)
            return nil
        }
        return FHIRObjectReader(members: members, place: place(of: key), subject: subject, losses: losses)
    }

    /// The same object, its losses concerning `subject`.
    func about(_ subject: FHIRImportLoss.Subject) -> FHIRObjectReader {
        FHIRObjectReader(members: members, place: place, subject: subject, losses: losses)
    }

    /// "a string \"10\"", "a number", "an array", …: the kind of a JSON value for messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string(let text): text.count <= 20 ? "a string \"\(text)\"" : "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
