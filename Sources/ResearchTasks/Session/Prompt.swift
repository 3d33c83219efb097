/// What a task session is waiting for: one prompt per instruction, question, form item, consent or measurement.
public struct Prompt: Sendable, Hashable {
    /// The step being shown.
    public var step: Step
    /// What is asked on this prompt.
    public var item: PromptItem
    /// "n of m" among the task's progress steps, or nil when the step shows no progress.
    public var progress: StepProgress?
    /// Position of a form item inside its form (1-based index, count), or nil outside forms.
    public var formPosition: StepProgress?
    /// Whether `skip` is accepted here.
    public var canSkip: Bool
    /// Whether `back` is accepted here.
    public var canGoBack: Bool
    /// The answer given on an earlier visit, used to pre-fill.
    public var previousAnswer: Answer?

    /// The step identifier.
    public var stepIdentifier: String { step.identifier }

    /// The item identifier: the form item's, the step's for a question step, nil otherwise.
    public var itemIdentifier: String? {
        if case .question(let question) = item { return question.identifier }
        return nil
    }
}

/// What a prompt asks for.
public enum PromptItem: Sendable, Hashable {
    /// An instruction step: acknowledge with an empty line.
    case instruction(InstructionContent)
    /// A completion step: shown, needs no input (runners acknowledge it themselves).
    case completion(InstructionContent)
    /// A question (a question step, or one form item).
    case question(QuestionPromptItem)
    /// A consent review the participant must affirm.
    case consent(ConsentReviewContent)
    /// A range-of-motion measurement.
    case rangeOfMotion(RangeOfMotionContent)
}

/// One question on screen: a question step or a form item.
public struct QuestionPromptItem: Sendable, Hashable {
    /// The question result's identifier.
    public var identifier: String
    /// The question text.
    public var text: String?
    /// Secondary text.
    public var detailText: String?
    /// Placeholder for free text.
    public var placeholder: String?
    /// Whether it may be left unanswered.
    public var isOptional: Bool
    /// How it is answered.
    public var answerFormat: AnswerFormat
    /// The form section it sits in, if any.
    public var sectionTitle: String?

    /// Creates a question prompt item.
    public init(
        identifier: String, text: String?, detailText: String? = nil, placeholder: String? = nil,
        isOptional: Bool, answerFormat: AnswerFormat, sectionTitle: String? = nil
    ) {
        self.identifier = identifier
        self.text = text
        self.detailText = detailText
        self.placeholder = placeholder
        self.isOptional = isOptional
        self.answerFormat = answerFormat
        self.sectionTitle = sectionTitle
    }
}

/// A 1-based position among a total ("2 of 5").
public struct StepProgress: Sendable, Hashable {
    /// 1-based position.
    public var current: Int
    /// Total count.
    public var total: Int

    /// Creates a progress value.
    public init(current: Int, total: Int) {
        self.current = current
        self.total = total
    }
}
