/// What a task session is waiting for: one prompt per instruction, question, form item, consent or measurement.
package struct Prompt: Sendable, Hashable {
    /// The step being shown.
    package var step: Step
    /// What is asked on this prompt.
    package var item: PromptItem
    /// "n of m" among the task's progress steps, or nil when the step shows no progress.
    package var progress: StepProgress?
    /// Position of a form item inside its form (1-based index, count), or nil outside forms.
    package var formPosition: StepProgress?
    /// Whether `skip` is accepted here.
    package var canSkip: Bool
    /// Whether `back` is accepted here.
    package var canGoBack: Bool
    /// The answer given on an earlier visit, used to pre-fill.
    package var previousAnswer: Answer?
    /// The question's `initial:` answer when it has no earlier one (an expression's value, or last run's answer).
    package var prefill: Prefill?
    /// Calculated items passed since the previous prompt, shown read-only before this one.
    package var calculatedLines: [CalculatedLine] = []

    /// The step identifier.
    package var stepIdentifier: String { step.identifier }

    /// The item identifier: the form item's, the step's for a question step, nil otherwise.
    package var itemIdentifier: String? {
        if case .question(let question) = item { return question.identifier }
        return nil
    }
}

/// What a prompt asks for.
package enum PromptItem: Sendable, Hashable {
    /// An instruction step: acknowledge with an empty line.
    case instruction(InstructionContent)
    /// A completion step: shown, needs no input (runners acknowledge it themselves).
    case completion(InstructionContent)
    /// A question (a question step, or one form item).
    case question(QuestionPromptItem)
    /// One page of a consent review: a section, a comprehension question, the name, or the agreement.
    case consent(ConsentPrompt)
    /// A range-of-motion measurement.
    case rangeOfMotion(RangeOfMotionContent)
}

/// One question on screen: a question step or a form item.
package struct QuestionPromptItem: Sendable, Hashable {
    /// The question result's identifier.
    package var identifier: String
    /// The question text.
    package var text: String?
    /// Secondary text.
    package var detailText: String?
    /// Placeholder for free text.
    package var placeholder: String?
    /// Whether it may be left unanswered.
    package var isOptional: Bool
    /// How it is answered.
    package var answerFormat: AnswerFormat
    /// The form sections it sits in, outermost first (a group's text, then a section inside it); empty when none.
    package var sectionTitles: [String]

    /// Creates a question prompt item.
    package init(
        identifier: String, text: String?, detailText: String? = nil, placeholder: String? = nil,
        isOptional: Bool, answerFormat: AnswerFormat, sectionTitles: [String] = []
    ) {
        self.identifier = identifier
        self.text = text
        self.detailText = detailText
        self.placeholder = placeholder
        self.isOptional = isOptional
        self.answerFormat = answerFormat
        self.sectionTitles = sectionTitles
    }
}

/// A 1-based position among a total ("2 of 5").
package struct StepProgress: Sendable, Hashable {
    /// 1-based position.
    package var current: Int
    /// Total count.
    package var total: Int

    /// Creates a progress value.
    package init(current: Int, total: Int) {
        self.current = current
        self.total = total
    }
}

/// A pre-filled answer (`initial:`): Enter keeps it.
package struct Prefill: Sendable, Hashable {
    /// The answer.
    package var answer: Answer
    /// Whether it is the participant's answer from the previous run (`initial: previous`).
    package var isFromPreviousRun: Bool

    /// Creates a pre-filled answer.
    package init(answer: Answer, isFromPreviousRun: Bool) {
        self.answer = answer
        self.isFromPreviousRun = isFromPreviousRun
    }
}

/// A calculated item as the participant sees it: its text and value, read-only (`Body mass index: 24.2 kg/m²`).
package struct CalculatedLine: Sendable, Hashable {
    /// The item's result identifier.
    package var identifier: String
    /// Its text (piped), nil when it has none.
    package var text: String?
    /// Its value; nil when the expression gave none.
    package var answer: Answer?
    /// Its answer format (how the value is shown).
    package var answerFormat: AnswerFormat

    /// Creates a line.
    package init(identifier: String, text: String?, answer: Answer?, answerFormat: AnswerFormat) {
        self.identifier = identifier
        self.text = text
        self.answer = answer
        self.answerFormat = answerFormat
    }
}

/// Where a consent review is: the page shown (docs/consent.md, "The consent run").
package struct ConsentPrompt: Sendable, Hashable {
    /// The document.
    package var content: ConsentReviewContent
    /// The page.
    package var stage: ConsentStage
    /// Whether this section is shown again after a wrong answer to a comprehension question.
    package var isShownAgain: Bool

    /// Creates a consent page.
    package init(content: ConsentReviewContent, stage: ConsentStage, isShownAgain: Bool = false) {
        self.content = content
        self.stage = stage
        self.isShownAgain = isShownAgain
    }
}

/// The pages of a consent review, in order: each section, each comprehension question, the given and family names,
/// and the agreement.
package enum ConsentStage: Sendable, Hashable {
    /// Section `index` (0-based); Enter continues.
    case section(Int)
    /// Comprehension question `index` (0-based).
    case question(Int)
    /// The given name.
    case givenName
    /// The family name.
    case familyName
    /// The agreement: yes consents, no declines.
    case agreement
}
