/// An informed-consent review: the document, and the statement the participant affirms.
public struct ConsentReviewContent: Sendable, Hashable {
    /// Sections of the consent document, shown in order.
    public var sections: [ConsentSection]
    /// The statement the participant must affirm ("I have read and agree …").
    public var reasonForConsent: String

    /// Creates consent content.
    public init(sections: [ConsentSection], reasonForConsent: String) {
        self.sections = sections
        self.reasonForConsent = reasonForConsent
    }
}

/// One section of a consent document.
public struct ConsentSection: Sendable, Hashable {
    /// Section title.
    public var title: String
    /// Section body.
    public var content: String

    /// Creates a section.
    public init(title: String, content: String) {
        self.title = title
        self.content = content
    }
}
