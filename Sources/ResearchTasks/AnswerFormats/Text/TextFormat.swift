/// `ORKTextAnswerFormat`: free text with an optional maximum length and regular expression.
public struct TextFormat: Sendable, Hashable {
    /// Maximum length in UTF-16 code units; 0 means unlimited.
    public var maximumLength: Int
    /// Regular expression the text must contain a match of (a search, as ResearchKit does).
    public var pattern: String?
    /// Message shown when the pattern does not match.
    public var invalidMessage: String?
    /// Whether the answer may span several lines.
    public var multipleLines: Bool
    /// Pre-set text.
    public var defaultText: String?

    /// Creates a text format.
    public init(
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
