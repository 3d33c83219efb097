/// A group of form elements (a nested FHIR `group` item): shown as a section headed by its text; it adds no result.
package struct FormGroup: Sendable, Hashable {
    /// The group's identifier (FHIR linkId), unique among the form's items and groups.
    package var identifier: String
    /// The original FHIR linkId when it differs from `identifier` (docs/fhir-import.md, "Ids"); nil means the id.
    package var linkId: String?
    /// The heading shown before its elements.
    package var text: String?
    /// Every item of the group is asked only when this holds (docs/navigation.md, "Enabled when"); nil means always.
    package var enabledWhen: ResultPredicate?
    /// Its items, section headers and nested groups in display order.
    package var elements: [FormElement]
    /// What its FHIR item says besides (prefix, itemControl, codes).
    package var fhir: FHIRItemDetails

    /// Creates a group.
    package init(
        identifier: String, linkId: String? = nil, text: String? = nil, enabledWhen: ResultPredicate? = nil,
        elements: [FormElement],
        fhir: FHIRItemDetails = FHIRItemDetails()
    ) {
        self.fhir = fhir
        self.identifier = identifier
        self.linkId = linkId
        self.text = text
        self.enabledWhen = enabledWhen
        self.elements = elements
    }
}
