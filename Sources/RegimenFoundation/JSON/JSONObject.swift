/// A JSON object's members, looked up by key, with a dictionary's semantics: one value per key (setting a key again
/// replaces its value), and equal when the same keys hold equal values whatever their order.
///
/// Keys are the same when their code points are, as RFC 8259 (section 8.3) has JSON strings compared and as
/// ResearchKit's `NSJSONSerialization` and Python's `json` keep them: `"é"` and `"e\u0301"` are two keys, which Swift's
/// `String ==`, comparing canonically, would take for one (docs/researchkit-results.md, "Encoding rules").
///
/// The objects Regimen reads (result files, surveys, FHIR resources) have a handful of members each, looked up a few
/// times: comparing a key with a few short keys costs less than hashing it, which `[String: JSONValue]` did on every
/// insert and every lookup (docs/performance.md, "Ingest"). Objects of more than `indexedCount` members also keep a
/// hash index, so that a large object is never searched member by member.
package struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member.
    package typealias Element = (key: String, value: JSONValue)

    /// The members in the order they were first set.
    private var members: [Element] = []
    /// Each key's position in `members`, once there are more than `indexedCount` of them.
    private var positions: [KeyBytes: Int]?
    /// Members beyond which lookups go through the hash index.
    private static let indexedCount = 16

    /// An empty object.
    package init() {}

    /// An object of `elements`; as in a dictionary literal, a repeated key is a programming error.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
        precondition(count == elements.count, "JSONObject literal with a repeated key")
    }

    /// An object of `elements`; a repeated key keeps its last value.
    package init(_ elements: some Sequence<(String, JSONValue)>) {
        for (key, value) in elements { self[key] = value }
    }

    /// The number of members.
    package var count: Int { members.count }

    /// Whether there are no members.
    package var isEmpty: Bool { members.isEmpty }

    /// The keys, in the order they were first set.
    package var keys: [String] { members.map(\.key) }

    /// The values, in the order their keys were first set.
    package var values: [JSONValue] { members.map(\.value) }

    /// Makes room for `count` members.
    package mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// The value of `key`, nil when absent; setting nil removes the member.
    package subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                members.append((key, newValue))
                if positions != nil {
                    positions?[KeyBytes(key)] = members.count - 1
                } else if members.count > Self.indexedCount {
                    rebuildIndex()
                }
            }
        }
    }

    /// Removes `key`'s member and returns its value.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> JSONValue? {
        let old = self[key]
        self[key] = nil
        return old
    }

    /// The members whose key and value satisfy `isIncluded`, as an object.
    package func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        var kept = JSONObject()
        for member in members where try isIncluded(member) { kept[member.key] = member.value }
        return kept
    }

    /// The members, in the order they were first set.
    package func makeIterator() -> IndexingIterator<[Element]> {
        members.makeIterator()
    }

    /// Whether both hold the same keys with equal values, in any order.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Hashes the members independently of their order, as `==` compares them.
    package func hash(into hasher: inout Hasher) {
        // Independent of member order, as equality is: the members' own hashes, summed.
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[KeyBytes(key)] }
        // Bytes, lengths first: a native string's UTF-8 length is stored, and most keys of an object differ in length,
        // so most members are passed over at once (`==` compared the text of any two strings stored apart).
        return members.firstIndex { $0.key.hasSameBytes(as: key) }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexedCount else {
            positions = nil
            return
        }
        var index: [KeyBytes: Int] = [:]
        index.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { index[KeyBytes(member.key)] = position }
        positions = index
    }

    /// A key in the hash index: equal and hashed by its bytes, as members are compared.
    private struct KeyBytes: Hashable, Sendable {
        let text: String

        init(_ text: String) { self.text = text }

        static func == (lhs: KeyBytes, rhs: KeyBytes) -> Bool { lhs.text.hasSameBytes(as: rhs.text) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
