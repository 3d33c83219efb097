package import RegimenFoundation
import Yams

/// Converts a FHIR R4 Questionnaire into a Regimen survey file (docs/fhir-import.md has the mapping).
package struct QuestionnaireImporter {
    /// ValueSets named by canonical URL, for `answerValueSet`s that are not contained (`--value-set`).
    package var valueSets: [String: [AnswerOption]]

    /// Creates an importer that resolves external `answerValueSet`s from `valueSets`.
    package init(valueSets: [String: [AnswerOption]] = [:]) {
        self.valueSets = valueSets
    }

    /// Imports the Questionnaire JSON in `bytes`; `fallbackIdentifier` (the file's name) is the task id when the
    /// questionnaire has no `id`; `language` (`--language`) names the survey's default language, else the
    /// questionnaire's `language` does (docs/fhir-import.md, "Languages"). Losses are returned, not thrown: the caller
    /// decides whether they are fatal.
    package func importQuestionnaire(_ bytes: [UInt8], fallbackIdentifier: String, language: LanguageTag? = nil)
        throws(FHIRImportError) -> QuestionnaireImport
    {
        let losses = LossList()
        let questionnaire = try Questionnaire.decode(bytes, losses: losses)
        var mapping = try QuestionnaireMapping(
            questionnaire: questionnaire, valueSets: valueSets, losses: losses, language: language)
        let document = try mapping.document(fallbackIdentifier: fallbackIdentifier)
        let yaml: String
        do {
            yaml = try YAMLNodes.serialize(document.node)
        } catch {
            throw .malformed(place: "the questionnaire", problem: "the survey cannot be written as YAML (\(error))")
        }
        return QuestionnaireImport(yaml: yaml, taskIdentifier: document.identifier, losses: losses.losses)
    }
}
