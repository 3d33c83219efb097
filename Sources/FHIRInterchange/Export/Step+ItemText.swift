import ResearchTasks

extension Step {
    /// The text of the step's Questionnaire item (docs/fhir-export.md, "Questionnaire"): a question's title, else its
    /// question text, else its text; a form's title, else its text.
    package var itemText: String? {
        switch content {
        case .question(let question): title ?? question.question ?? text
        default: title ?? text
        }
    }
}
