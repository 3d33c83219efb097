/// The result of importing a Questionnaire: the survey file's text and what could not be carried over.
package struct QuestionnaireImport: Sendable {
    /// The survey file (YAML).
    package var yaml: String
    /// The task id it defines.
    package var taskIdentifier: String
    /// What was lost, in document order (empty when the conversion is exact).
    package var losses: [FHIRImportLoss]
}
