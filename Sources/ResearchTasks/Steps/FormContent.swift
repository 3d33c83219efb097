/// The body of a form step: items and section headers in display order.
public struct FormContent: Sendable, Hashable {
    /// Items and section headers in display order.
    public var elements: [FormElement]

    /// Creates form content.
    public init(elements: [FormElement]) {
        self.elements = elements
    }

    /// The answerable items, in display order (section headers produce no result).
    public var items: [FormItem] {
        elements.compactMap { if case .item(let item) = $0 { item } else { nil } }
    }

    /// The section title in force at the given item, if any.
    public func sectionTitle(forItem identifier: String) -> String? {
        var current: String?
        for element in elements {
            switch element {
            case .section(let header): current = header.title
            case .item(let item): if item.identifier == identifier { return current }
            }
        }
        return nil
    }
}

/// One element of a form: a section header or an answerable item.
public enum FormElement: Sendable, Hashable {
    /// A section header (ResearchKit: a form item made with `initWithSectionTitle:`).
    case section(SectionHeader)
    /// An answerable item.
    case item(FormItem)
}

/// A form section header.
public struct SectionHeader: Sendable, Hashable {
    /// The section title.
    public var title: String
    /// Optional secondary text.
    public var detailText: String?

    /// Creates a header.
    public init(title: String, detailText: String? = nil) {
        self.title = title
        self.detailText = detailText
    }
}

/// An answerable form item (`ORKFormItem`).
public struct FormItem: Sendable, Hashable {
    /// Identifier of the item's question result.
    public var identifier: String
    /// The question text.
    public var text: String?
    /// Secondary text.
    public var detailText: String?
    /// Placeholder for free-text style formats.
    public var placeholder: String?
    /// Whether the item may be left unanswered (ResearchKit default: true).
    public var isOptional: Bool
    /// How the answer is entered and validated.
    public var answerFormat: AnswerFormat

    /// Creates a form item.
    public init(
        identifier: String,
        text: String? = nil,
        detailText: String? = nil,
        placeholder: String? = nil,
        isOptional: Bool = true,
        answerFormat: AnswerFormat
    ) {
        self.identifier = identifier
        self.text = text
        self.detailText = detailText
        self.placeholder = placeholder
        self.isOptional = isOptional
        self.answerFormat = answerFormat
    }
}
