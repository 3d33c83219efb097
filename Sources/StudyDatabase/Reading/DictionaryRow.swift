import Foundation

/// One row of the data dictionary, shaped as REDCap's: a variable (a wide column), its task (REDCap's form), type,
/// label, choices `1, Never | 2, Sometimes`, units, limits, and the revisions that added and removed it
/// (docs/study-database.md, "What researchers read").
package struct DictionaryRow: Sendable, Hashable {
    /// The wide table's column name.
    package var variable: String
    /// The task that declares it.
    package var task: String
    /// The variable as last published.
    package var definition: PublishedVariable
    /// The first revision that declared it.
    package var revisionAdded: Int
    /// The revision that stopped declaring it, if one did.
    package var revisionRemoved: Int?

    /// The column names, in order.
    package static let columns = [
        "variable", "task", "type", "label", "choices", "units", "minimum", "maximum", "revision_added",
        "revision_removed",
    ]

    /// REDCap's choices text: `1, Never | 2, Sometimes`.
    package var choicesText: String {
        definition.choices.map { "\($0.value), \($0.text)" }.joined(separator: " | ")
    }
}
