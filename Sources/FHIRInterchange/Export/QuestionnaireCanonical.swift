package import Catalog

/// The canonical URL and version an exported Questionnaire carries, and that responses name
/// (docs/fhir-export.md, "Canonical URL and version").
package struct QuestionnaireCanonical: Sendable, Hashable {
    /// `Questionnaire.url`.
    package var url: String
    /// `Questionnaire.version`; nil for a survey imported from a questionnaire that had a URL and no version.
    package var version: String?

    /// Where a survey without its own URL is published: this base and its task id.
    package static let localBase = "http://regimen.local/Questionnaire/"

    /// The survey's own URL and version when its `fhir:` block gives them (a URL without a version stays without one:
    /// responses then name the questionnaire it was imported from), else the local URL of its task id and the first
    /// 12 hex digits of the file's digest.
    package init(entry: CatalogEntry) {
        if let url = entry.fhir?.url {
            self.url = url
            version = entry.fhir?.version
        } else {
            url = Self.localBase + entry.taskIdentifier
            version = entry.fhir?.version ?? String(entry.digest.prefix(12))
        }
    }

    /// `url|version`, or `url` without a version: the form `QuestionnaireResponse.questionnaire` takes.
    package var reference: String { version.map { "\(url)|\($0)" } ?? url }
}
