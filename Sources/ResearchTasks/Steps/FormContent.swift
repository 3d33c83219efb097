/// The body of a form step: items and section headers in display order.
package struct FormContent: Sendable, Hashable {
    /// Items and section headers in display order.
    package var elements: [FormElement]

    /// Creates form content.
    package init(elements: [FormElement]) {
        self.elements = elements
    }

    /// The answerable items, in display order (section headers produce no result).
    package var items: [FormItem] {
        elements.compactMap { if case .item(let item) = $0 { item } else { nil } }
    }

    /// The section title in force at the given item, if any.
    package func sectionTitle(forItem identifier: String) -> String? {
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
package enum FormElement: Sendable, Hashable {
    /// A section header (ResearchKit: a form item made with `initWithSectionTitle:`).
    case section(SectionHeader)
    /// An answerable item.
    case item(FormItem)
}

/// A form section header.
package struct SectionHeader: Sendable, Hashable {
    /// The section title.
    package var title: String
    /// Optional secondary text.
    package var detailText: String?

    /// Creates a header.
    package init(title: String, detailText: String? = nil) {
        self.title = title
        self.detailText = detailText
    }
}

/// An answerable form item (`ORKFormItem`).
package struct FormItem: Sendable, Hashable {
    /// Identifier of the item's question result.
    package var identifier: String
    /// The question text.
    package var text: String?
    /// Secondary text.
    package var detailText: String?
    /// Placeholder for free-text style formats.
    package var placeholder: String?
    /// Whether the item may be left unanswered (ResearchKit default: true).
    package var isOptional: Bool
    /// How the answer is entered and validated.
    package var answerFormat: AnswerFormat

    /// Creates a form item.
    package init(
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
