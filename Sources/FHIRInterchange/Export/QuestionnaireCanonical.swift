import Catalog

/// The canonical URL and version an exported Questionnaire carries, and that responses name
/// (docs/fhir-export.md, "Canonical URL and version").
package struct QuestionnaireCanonical: Sendable, Hashable {
    /// `Questionnaire.url`.
    package var url: String
    /// `Questionnaire.version`.
    package var version: String

    /// Where a survey without its own URL is published: this base and its task id.
    package static let localBase = "http://regimen.local/Questionnaire/"

    /// The survey's own URL and version when its `fhir:` block gives them, else the local URL of its task id and the
    /// first 12 hex digits of the file's digest.
    package init(entry: CatalogEntry) {
        url = entry.fhir?.url ?? Self.localBase + entry.taskIdentifier
        version = entry.fhir?.version ?? String(entry.digest.prefix(12))
    }

    /// `url|version`, the form `QuestionnaireResponse.questionnaire` takes.
    package var reference: String { "\(url)|\(version)" }
}
