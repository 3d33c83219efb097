package import ResearchTasks

/// A survey's `fhir:` block: the Questionnaire identity kept for export (surveys/README.md, "FHIR").
package struct SurveyFHIRMetadata: Sendable, Hashable {
    /// Questionnaire.id when it differs from the task id (it holds white space or "/", which a task id cannot).
    package var id: String?
    /// Questionnaire.url, the canonical URL.
    package var url: String?
    /// Questionnaire.version.
    package var version: String?
    /// Questionnaire.name (computer-friendly).
    package var name: String?
    /// Questionnaire.status.
    package var status: QuestionnaireStatus?
    /// Questionnaire.code.
    package var codes: [Coding]

    /// Creates the block.
    package init(
        id: String? = nil, url: String? = nil, version: String? = nil, name: String? = nil,
        status: QuestionnaireStatus? = nil,
        codes: [Coding] = []
    ) {
        self.id = id
        self.url = url
        self.version = version
        self.name = name
        self.status = status
        self.codes = codes
    }
}

/// FHIR R4 PublicationStatus, the values of Questionnaire.status.
package enum QuestionnaireStatus: String, Sendable, Hashable, CaseIterable {
    /// Not ready for use.
    case draft
    /// Ready for use.
    case active
    /// Withdrawn.
    case retired
    /// Not known.
    case unknown
}
