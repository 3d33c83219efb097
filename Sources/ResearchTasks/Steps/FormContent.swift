/// The body of a form step: items, section headers and groups in display order.
package struct FormContent: Sendable, Hashable {
    /// Items, section headers and groups in display order.
    package var elements: [FormElement] {
        didSet { (items, itemConditions) = Self.flattened(elements) }
    }

    /// The answerable items, in display order, groups flattened (section headers and groups produce no result);
    /// kept beside `elements`, as `itemConditions` is, because a run reads them at every answer.
    package private(set) var items: [FormItem]
    /// For each of `items`, the conditions it is asked under, outermost group first, its own last (all must hold).
    private var itemConditions: [[ResultPredicate]]

    /// Whether some item or group has an `enabledWhen` condition.
    package var hasConditions: Bool { itemConditions.contains { !$0.isEmpty } }

    /// Creates form content.
    package init(elements: [FormElement]) {
        self.elements = elements
        (items, itemConditions) = Self.flattened(elements)
    }

    /// Equal when the elements are (the items follow from them).
    package static func == (lhs: FormContent, rhs: FormContent) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the elements (the items follow from them).
    package func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// The items of `elements` in display order, each with the conditions of its enclosing groups and its own.
    private static func flattened(_ elements: [FormElement], outer: [ResultPredicate] = []) -> (
        [FormItem], [[ResultPredicate]]
    ) {
        var items: [FormItem] = []
        var conditions: [[ResultPredicate]] = []
        for element in elements {
            switch element {
            case .section: continue
            case .item(let item):
                items.append(item)
                conditions.append(outer + (item.enabledWhen.map { [$0] } ?? []))
            case .group(let group):
                let inner = flattened(group.elements, outer: outer + (group.enabledWhen.map { [$0] } ?? []))
                items += inner.0
                conditions += inner.1
            }
        }
        return (items, conditions)
    }

    /// The section titles in force at the given item, outermost first: per nesting level, the latest section header
    /// before it, then the enclosing group's text (docs/navigation.md, "Enabled when").
    /// `text` passes each title as written (before a group's prefix is put in front), for piping.
    package func sectionTitles(forItem identifier: String, text: (String) -> String = { $0 }) -> [String] {
        Self.sectionTitles(forItem: identifier, in: elements, outer: [], text: text) ?? []
    }

    /// The conditions the item with this identifier is asked under (none for an unknown item); see
    /// `enablingConditions(atItem:)`.
    package func enablingConditions(forItem identifier: String) -> [ResultPredicate] {
        items.firstIndex { $0.identifier == identifier }.map { itemConditions[$0] } ?? []
    }

    /// The conditions the item at `index` of `items` is asked under, outermost group first, the item's own last (all
    /// must hold).
    package func enablingConditions(atItem index: Int) -> [ResultPredicate] {
        itemConditions[index]
    }

    private static func sectionTitles(
        forItem identifier: String, in elements: [FormElement], outer: [String], text: (String) -> String
    ) -> [String]? {
        var section: String?
        for element in elements {
            let here = outer + (section.map { [$0] } ?? [])
            switch element {
            case .section(let header): section = text(header.title)
            case .item(let item): if item.identifier == identifier { return here }
            case .group(let group):
                if let found = sectionTitles(
                    forItem: identifier, in: group.elements,
                    outer: here + (group.fhir.shown(group.text.map(text)).map { [$0] } ?? []), text: text)
                {
                    return found
                }
            }
        }
        return nil
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
    /// The original FHIR linkId when it differs from `identifier` (docs/fhir-import.md, "Ids"); nil means the id.
    package var linkId: String?
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
    /// What its FHIR item says besides (prefix, itemControl, type).
    package var fhir: FHIRItemDetails
    /// For a calculated item: its value, shown read-only and stored as its answer (never asked).
    package var calculated: SurveyExpression?
    /// Where its pre-filled answer comes from.
    package var initial: InitialValue?

    /// Creates a form item.
    package init(
        identifier: String,
        linkId: String? = nil,
        text: String? = nil,
        detailText: String? = nil,
        placeholder: String? = nil,
        isOptional: Bool = true,
        answerFormat: AnswerFormat,
        codes: [Coding] = [],
        enabledWhen: ResultPredicate? = nil,
        fhir: FHIRItemDetails = FHIRItemDetails(),
        calculated: SurveyExpression? = nil,
        initial: InitialValue? = nil
    ) {
        self.fhir = fhir
        self.calculated = calculated
        self.initial = initial
        self.codes = codes
        self.enabledWhen = enabledWhen
        self.identifier = identifier
        self.linkId = linkId
        self.text = text
        self.detailText = detailText
        self.placeholder = placeholder
        self.isOptional = isOptional
        self.answerFormat = answerFormat
    }
}
