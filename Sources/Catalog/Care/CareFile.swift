package import CareModel
package import SystemPackage

/// A survey folder's care file (`care.yaml`, docs/care-plans.md, "The care file"): the plans its tasks belong to,
/// the care team, and the patient record. A folder has at most one.
package struct CareFile: Sendable, Hashable {
    /// The names a care file may have; such a file is not a survey.
    package static let fileNames: Set<String> = ["care.yaml", "care.yml", "care.json"]

    /// The file it was read from.
    package var file: FilePath
    /// SHA-256 of its bytes, lowercase hex.
    package var digest: String
    /// The plans, in file order.
    package var plans: [CarePlanSpec]
    /// The contacts, in file order.
    package var contacts: [CareContact]
    /// The patient record, if any.
    package var patient: CarePatient?
    /// The file's languages; nil when it names no `language:`.
    package var languages: SurveyLanguages?

    /// Creates a care file.
    package init(
        file: FilePath, digest: String, plans: [CarePlanSpec] = [], contacts: [CareContact] = [],
        patient: CarePatient? = nil, languages: SurveyLanguages? = nil
    ) {
        self.file = file
        self.digest = digest
        self.plans = plans
        self.contacts = contacts
        self.patient = patient
        self.languages = languages
    }

    /// The plan with this id, if any.
    package func plan(_ id: String) -> CarePlanSpec? {
        plans.first { $0.id == id }
    }
}
