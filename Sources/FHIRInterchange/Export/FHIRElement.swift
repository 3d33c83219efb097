package import RegimenFoundation

/// A FHIR JSON object being built: a member set to nothing, a blank string, `[]` or `{}` is left out, as FHIR's JSON
/// rules require (docs/fhir-export.md, "JSON rules").
package struct FHIRElement: Sendable, Hashable {
    /// The members kept so far.
    package private(set) var members: JSONObject = [:]

    /// An empty element.
    package init() {}

    /// An element holding `members` (each checked as if set one by one).
    package init(_ members: [String: JSONValue?]) {
        for (key, value) in members { self[key] = value }
    }

    /// The member `key`; setting nil or an empty value removes it.
    package subscript(key: String) -> JSONValue? {
        get { members[key] }
        set { members[key] = newValue.flatMap { Self.isEmpty($0) ? nil : $0 } }
    }

    /// Whether no member was kept.
    package var isEmpty: Bool { members.isEmpty }

    /// The element as JSON; nil when empty (so that it is left out of its parent in turn).
    package var json: JSONValue? { members.isEmpty ? nil : .object(members) }

    /// Whether FHIR treats `value` as absent: null, a string without visible characters, `[]` or `{}`.
    package static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case .null: true
        case .string(let text): text.allSatisfy(\.isWhitespace)
        case .array(let items): items.isEmpty
        case .object(let members): members.isEmpty
        case .bool, .integer, .double: false
        }
    }
}

extension Array where Element == FHIRElement {
    /// The non-empty elements as a JSON array; nil when none is left.
    package var json: JSONValue? {
        let kept = compactMap(\.json)
        return kept.isEmpty ? nil : .array(kept)
    }
}
