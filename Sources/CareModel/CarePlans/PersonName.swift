/// A person's name as CareKit keeps it (`PersonNameComponents`: given, family, prefix, suffix), for a contact or the
/// patient.
package struct PersonName: Sendable, Hashable, Codable {
    /// The given (first) name.
    package var given: String?
    /// The family (last) name.
    package var family: String?
    /// A prefix such as "Dr.".
    package var prefix: String?
    /// A suffix such as "PT".
    package var suffix: String?

    /// Creates a name.
    package init(given: String? = nil, family: String? = nil, prefix: String? = nil, suffix: String? = nil) {
        self.given = given
        self.family = family
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The name as written in one line: prefix, given, family, suffix, each when present.
    package var formatted: String {
        [prefix, given, family, suffix].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Whether no part is given.
    package var isEmpty: Bool { formatted.isEmpty }
}
