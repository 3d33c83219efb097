import Crypto

/// An informed-consent review: a versioned document, optional comprehension questions, and the statement the
/// participant affirms (docs/consent.md).
package struct ConsentReviewContent: Sendable, Hashable {
    /// Sections of the consent document, shown in order, one page each.
    package var sections: [ConsentSection]
    /// The statement the participant must affirm ("I have read and agree …").
    package var reasonForConsent: String
    /// Which document and version this is, and what withdrawal offers.
    package var document: ConsentDocument
    /// Questions asked after the sections; a wrong answer shows its section again.
    package var questions: [ComprehensionQuestion]

    /// Creates consent content.
    package init(
        sections: [ConsentSection], reasonForConsent: String, document: ConsentDocument = ConsentDocument(),
        questions: [ComprehensionQuestion] = []
    ) {
        self.sections = sections
        self.reasonForConsent = reasonForConsent
        self.document = document
        self.questions = questions
    }
}

/// One section of a consent document.
package struct ConsentSection: Sendable, Hashable {
    /// Section title.
    package var title: String
    /// Section body.
    package var content: String

    /// Creates a section.
    package init(title: String, content: String) {
        self.title = title
        self.content = content
    }
}

/// The identity of a consent document: what an ethics board asks the record to name.
package struct ConsentDocument: Sendable, Hashable {
    /// The document identifier, stable across versions (`document:`; the step id when not given).
    package var identifier: String
    /// The version, as the study names it ("1", "2.1").
    package var version: String
    /// The day the version takes effect, `yyyy-MM-dd`.
    package var effectiveDate: String
    /// The document's title as shown (the step's title), nil when it has none.
    package var title: String?
    /// The language the document is shown in (a BCP 47 tag), nil when the survey names none.
    package var language: String?
    /// What a participant who withdraws may choose for the data already given, in the document's order.
    package var withdrawalChoices: [WithdrawalDataChoice]
    /// Whether the study's other tasks wait until the current version is signed (`required:`, true unless the
    /// document says false).
    package var isRequired: Bool

    /// Creates a document identity.
    package init(
        identifier: String = "", version: String = "", effectiveDate: String = "", title: String? = nil,
        language: String? = nil, withdrawalChoices: [WithdrawalDataChoice] = [.keep], isRequired: Bool = true
    ) {
        self.identifier = identifier
        self.version = version
        self.effectiveDate = effectiveDate
        self.title = title
        self.language = language
        self.withdrawalChoices = withdrawalChoices
        self.isRequired = isRequired
    }
}

/// What happens to the data already given when a participant withdraws consent.
package enum WithdrawalDataChoice: String, Sendable, Hashable, CaseIterable {
    /// The answers already given stay in the study.
    case keep
    /// The answers already given are to be removed from the study.
    case remove
}

/// A comprehension question of a consent document: one correct choice; a wrong answer shows `section` again.
package struct ComprehensionQuestion: Sendable, Hashable {
    /// The question.
    package var text: String
    /// The choices, shown numbered from 1.
    package var choices: [String]
    /// The index of the correct choice.
    package var correctChoice: Int
    /// The index of the section a wrong answer shows again.
    package var section: Int

    /// Creates a question.
    package init(text: String, choices: [String], correctChoice: Int, section: Int) {
        self.text = text
        self.choices = choices
        self.correctChoice = correctChoice
        self.section = section
    }
}

extension OrderedTask {
    /// The task's consent document: its first consent review step's content, nil when it has none.
    package var consentDocument: ConsentReviewContent? {
        for step in steps { if case .consentReview(let content) = step.content { return content } }
        return nil
    }
}

extension ConsentReviewContent {
    /// The document exactly as shown, as plain text: title, version and effective date, each section's title and
    /// content, and the statement. The terminal shows these very lines; the digest and the signed copy are of them.
    package var documentText: String {
        var lines: [String] = []
        if let title = document.title { lines.append(title) }
        lines.append("\(document.identifier) \(document.version) (\(document.effectiveDate))")
        for section in sections {
            lines += ["", section.title, section.content]
        }
        lines += ["", reasonForConsent]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The SHA-256 of `documentText` (UTF-8), in lower-case hex.
    package var digest: String { Self.digest(of: documentText) }

    /// The SHA-256 of `text` (UTF-8), in lower-case hex.
    package static func digest(of text: String) -> String {
        digest(of: Array(text.utf8))
    }

    /// The SHA-256 of `bytes`, in lower-case hex.
    package static func digest(of bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
