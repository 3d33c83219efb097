/// `ORKTextAnswerFormat`: free text with an optional maximum length and regular expression.
package struct TextFormat: Sendable, Hashable {
    /// Maximum length in UTF-16 code units; 0 means unlimited.
    package var maximumLength: Int
    /// Regular expression the text must contain a match of (a search, as ResearchKit does).
    package var pattern: String?
    /// Message shown when the pattern does not match.
    package var invalidMessage: String?
    /// Whether the answer may span several lines.
    package var multipleLines: Bool
    /// Pre-set text.
    package var defaultText: String?

    /// Creates a text format.
    package init(
        maximumLength: Int = 0, pattern: String? = nil, invalidMessage: String? = nil,
        multipleLines: Bool = false, defaultText: String? = nil
    ) {
        self.maximumLength = maximumLength
        self.pattern = pattern
        self.invalidMessage = invalidMessage
        self.multipleLines = multipleLines
        self.defaultText = defaultText
    }
}
