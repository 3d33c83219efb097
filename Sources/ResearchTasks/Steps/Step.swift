/// One step of a task: shared presentation fields plus what kind of step it is.
package struct Step: Sendable, Hashable {
    /// Unique identifier inside the task; copied into the step result.
    package var identifier: String
    /// The original FHIR linkId when it differs from `identifier` (docs/fhir-import.md, "Ids"); nil means the id.
    package var linkId: String?
    /// Title shown above the step.
    package var title: String?
    /// Body text shown under the title.
    package var text: String?
    /// Secondary text.
    package var detailText: String?
    /// Small print shown at the end of the step.
    package var footnote: String?
    /// Whether the participant may skip the step (ResearchKit: question and form steps default to true).
    package var isOptional: Bool
    /// Whether the step counts in "n of m" progress.
    package var showsProgress: Bool
    /// What the step asks for.
    package var content: StepContent
    /// What its FHIR item says besides (prefix, itemControl, type, a form's codes).
    package var fhir: FHIRItemDetails

    /// Creates a step.
    package init(
        identifier: String,
        linkId: String? = nil,
        title: String? = nil,
        text: String? = nil,
        detailText: String? = nil,
        footnote: String? = nil,
        isOptional: Bool = false,
        showsProgress: Bool = true,
        content: StepContent,
        fhir: FHIRItemDetails = FHIRItemDetails()
    ) {
        self.fhir = fhir
        self.identifier = identifier
        self.linkId = linkId
        self.title = title
        self.text = text
        self.detailText = detailText
        self.footnote = footnote
        self.isOptional = isOptional
        self.showsProgress = showsProgress
        self.content = content
    }

    /// True for instruction and completion steps (they sit outside progress at the ends of a task).
    package var isInstructional: Bool {
        switch content {
        case .instruction, .completion: true
        default: false
        }
    }
}

/// The kinds of step Regimen runs.
package enum StepContent: Sendable, Hashable {
    /// `ORKInstructionStep`: text and bullet points; the participant acknowledges it.
    case instruction(InstructionContent)
    /// `ORKCompletionStep`: the closing message; needs no input.
    case completion(InstructionContent)
    /// `ORKQuestionStep`: one question with one answer format.
    case question(QuestionContent)
    /// `ORKFormStep`: several items on one page.
    case form(FormContent)
    /// `ORKConsentReviewStep`: a consent document the participant must affirm.
    case consentReview(ConsentReviewContent)
    /// `ORKRangeOfMotionStep` / `ORKShoulderRangeOfMotionStep`: a measured joint angle.
    case rangeOfMotion(RangeOfMotionContent)
}
