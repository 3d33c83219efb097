/// The body of a form step: items, section headers and groups in display order.
package struct FormContent: Sendable, Hashable {
    /// Items, section headers and groups in display order.
    package var elements: [FormElement]

    /// Creates form content.
    package init(elements: [FormElement]) {
        self.elements = elements
    }

    /// The answerable items, in display order, groups flattened (section headers and groups produce no result).
    package var items: [FormItem] {
        elements.flatMap(\.items)
    }

    /// The section title in force at the given item, if any: the last section header or enclosing group text before it.
    package func sectionTitle(forItem identifier: String) -> String? {
        var current: String?
        return Self.sectionTitle(forItem: identifier, in: elements, current: &current) ? current : nil
    }

    private static func sectionTitle(forItem identifier: String, in elements: [FormElement], current: inout String?) -> Bool {
        for element in elements {
            switch element {
            case .section(let header): current = header.title
            case .item(let item): if item.identifier == identifier { return true }
            case .group(let group):
                var inner = group.text ?? current
                if sectionTitle(forItem: identifier, in: group.elements, current: &inner) {
                    current = inner
                    return true
                }
            }
        }
        return false
    }
}

/// One element of a form: a section header, an answerable item, or a group of elements.
package enum FormElement: Sendable, Hashable {
    /// A section header (ResearchKit: a form item made with `initWithSectionTitle:`).
    case section(SectionHeader)
    /// An answerable item.
    case item(FormItem)
    /// A group of elements (a nested FHIR group), shown under its text.
    case group(FormGroup)

    /// The answerable items of the element, in display order.
    package var items: [FormItem] {
        switch self {
        case .section: []
        case .item(let item): [item]
        case .group(let group): group.elements.flatMap(\.items)
        }
    }
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
    /// Codes of the question (FHIR `item.code`).
    package var codes: [Coding]
    /// The item is asked only when this holds (docs/navigation.md, "Enabled when"); nil means always.
    package var enabledWhen: ResultPredicate?

    /// Creates a form item.
    package init(
        identifier: String,
        text: String? = nil,
        detailText: String? = nil,
        placeholder: String? = nil,
        isOptional: Bool = true,
        answerFormat: AnswerFormat,
        codes: [Coding] = [],
        enabledWhen: ResultPredicate? = nil
    ) {
        self.codes = codes
        self.enabledWhen = enabledWhen
        self.identifier = identifier
        self.text = text
        self.detailText = detailText
        self.placeholder = placeholder
        self.isOptional = isOptional
        self.answerFormat = answerFormat
    }
}
