import Foundation

/// How far a consent review has come: the page shown, the section shown again after a wrong comprehension answer, and
/// the name typed so far (docs/consent.md, "The consent run").
struct ConsentProgress: Sendable, Hashable {
    /// The page shown.
    var stage: ConsentStage = .givenName
    /// The comprehension question to ask again once the section shown again is read.
    var returnTo: Int?
    /// The given name typed.
    var givenName: String?
    /// The family name typed.
    var familyName: String?

    /// A review of `content` on its first page.
    init(starting content: ConsentReviewContent) {
        stage = Self.first(content)
    }

    /// An empty progress (outside consent steps).
    init() {}

    /// The first page of `content`: its first section, else its first question, else the given name.
    static func first(_ content: ConsentReviewContent) -> ConsentStage {
        if !content.sections.isEmpty { return .section(0) }
        return content.questions.isEmpty ? .givenName : .question(0)
    }

    /// The page after the sections.
    private static func afterSections(_ content: ConsentReviewContent) -> ConsentStage {
        content.questions.isEmpty ? .givenName : .question(0)
    }

    /// Applies `input` at the current page; the participant's decision once the agreement is answered, nil while
    /// pages remain.
    mutating func apply(_ input: SessionInput, in content: ConsentReviewContent, step: String) throws(SessionError)
        -> Bool?
    {
        switch (stage, input) {
        case (.section(let index), .noAnswer):
            if let question = returnTo {
                returnTo = nil
                stage = .question(question)
            } else if index + 1 < content.sections.count {
                stage = .section(index + 1)
            } else {
                stage = Self.afterSections(content)
            }
        case (.question(let index), .consentChoice(let choice)):
            let question = content.questions[index]
            guard question.choices.indices.contains(choice) else {
                throw .inputDoesNotFit(stepIdentifier: step, expected: "one of the choices")
            }
            if choice == question.correctChoice {
                stage = index + 1 < content.questions.count ? .question(index + 1) : .givenName
            } else {
                // A wrong answer shows the section that answers it again, then the question again.
                returnTo = index
                stage = .section(min(max(question.section, 0), content.sections.count - 1))
            }
        case (.givenName, .consentName(let name)), (.familyName, .consentName(let name)):
            let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw .answerRequired(stepIdentifier: step, itemIdentifier: nil) }
            if stage == .givenName {
                givenName = name
                stage = .familyName
            } else {
                familyName = name
                stage = .agreement
            }
        case (.agreement, .consent(let agreed)):
            return agreed
        default:
            throw .inputDoesNotFit(stepIdentifier: step, expected: stage.expected)
        }
        return nil
    }

    /// Moves to the page before, within the review; false on its first page (back then leaves the step).
    mutating func goBack(in content: ConsentReviewContent) -> Bool {
        guard stage != Self.first(content) else { return false }
        returnTo = nil
        let beforeQuestions: ConsentStage = .section(content.sections.count - 1)
        switch stage {
        case .section(let index): stage = .section(index - 1)
        case .question(let index): stage = index > 0 ? .question(index - 1) : beforeQuestions
        case .givenName: stage = content.questions.isEmpty ? beforeQuestions : .question(content.questions.count - 1)
        case .familyName: stage = .givenName
        case .agreement: stage = .familyName
        }
        return true
    }
}

extension ConsentStage {
    /// What the page expects, for `SessionError.inputDoesNotFit`.
    var expected: String {
        switch self {
        case .section: "an empty line to continue"
        case .question: "one of the choices"
        case .givenName, .familyName: "a name"
        case .agreement: "agreement to the consent"
        }
    }
}
