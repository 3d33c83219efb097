/// An informed-consent review: the document, and the statement the participant affirms.
package struct ConsentReviewContent: Sendable, Hashable {
    /// Sections of the consent document, shown in order.
    package var sections: [ConsentSection]
    /// The statement the participant must affirm ("I have read and agree …").
    package var reasonForConsent: String

    /// Creates consent content.
    package init(sections: [ConsentSection], reasonForConsent: String) {
        self.sections = sections
        self.reasonForConsent = reasonForConsent
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
