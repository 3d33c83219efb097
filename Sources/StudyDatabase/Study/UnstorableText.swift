import CareModel

/// PostgreSQL's text cannot hold the character U+0000 (docs/study-database.md, "Ingest"): the checks that find such
/// text before a row is written, shared by ingest and pushes.
enum UnstorableText {
    /// Whether `text` holds U+0000.
    static func holdsNul(_ text: String?) -> Bool {
        text?.utf8.contains(0) ?? false
    }

    /// The first of `values` whose kind, units or text holds U+0000, named for a message; nil when there is none.
    static func field(in values: [OutcomeValue]) -> String? {
        for value in values {
            if holdsNul(value.kind) || holdsNul(value.units) { return "the kind or units of value \(value.kind ?? "")" }
            if case .text(let text) = value.value, holdsNul(text) { return "the text of value \(value.kind ?? "")" }
        }
        return nil
    }
}
