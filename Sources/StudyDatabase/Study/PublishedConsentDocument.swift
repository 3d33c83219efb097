/// A consent document as a study revision published it (kept with its task in `study_revision.surveys`): every
/// published version of every document stays in the study database, as revisions are never changed
/// (docs/consent.md, "The study's copy of each version").
package struct PublishedConsentDocument: Codable, Sendable, Hashable {
    /// The document identifier.
    package var document: String
    /// The version.
    package var version: String
    /// The day it takes effect, `yyyy-MM-dd`.
    package var effective: String
    /// Whether the study's other tasks wait for it.
    package var required: Bool
    /// What withdrawal offers for the answers already given (`keep`, `remove`).
    package var withdrawal: [String]
    /// The language of `text` (the survey's default), nil when the survey names none.
    package var language: String?
    /// The SHA-256 (hex) of `text`: what a participant shown this language signs.
    package var digest: String
    /// The document text exactly as shown in that language.
    package var text: String

    /// Creates a published document.
    package init(
        document: String, version: String, effective: String, required: Bool, withdrawal: [String],
        language: String?, digest: String, text: String
    ) {
        self.document = document
        self.version = version
        self.effective = effective
        self.required = required
        self.withdrawal = withdrawal
        self.language = language
        self.digest = digest
        self.text = text
    }
}
