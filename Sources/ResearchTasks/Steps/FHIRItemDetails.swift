/// What a FHIR Questionnaire item says that a ResearchKit step, form item or group does not, kept so that export gives
/// it back (surveys/README.md, "FHIR"; docs/fhir-import.md): its prefix, its itemControl, its type when the answer
/// format alone would export another, and a group's codes.
package struct FHIRItemDetails: Sendable, Hashable {
    /// `item.prefix` ("4.1"), shown before the item's text.
    package var prefix: String?
    /// The `questionnaire-itemControl` code ("check-box", "drop-down", "page", …); the terminal asks the same way
    /// whatever it is.
    package var itemControl: String?
    /// The item's type when the answer format would export another: a quantity (a number and its unit) or a url.
    package var type: FHIRItemType?
    /// A group's codes (a form step or a nested group); a question's codes are its own `codes`.
    package var codes: [Coding]

    /// Creates the details; all absent by default.
    package init(prefix: String? = nil, itemControl: String? = nil, type: FHIRItemType? = nil, codes: [Coding] = []) {
        self.prefix = prefix
        self.itemControl = itemControl
        self.type = type
        self.codes = codes
    }

    /// `text` as the participant sees it: the prefix before it ("4.1 Diagnosis"), or either alone.
    package func shown(_ text: String?) -> String? {
        switch (prefix, text) {
        case (let prefix?, let text?): "\(prefix) \(text)"
        case (nil, let text?): text
        case (let prefix?, nil): prefix
        case (nil, nil): nil
        }
    }
}

/// FHIR item types that an answer format does not imply (docs/fhir-import.md, "Answer formats").
package enum FHIRItemType: String, Sendable, Hashable, CaseIterable {
    /// A number and a unit code (`valueQuantity`): an integer or decimal answer with its `unitCode`.
    case quantity
    /// A URL (`valueUri`): free text.
    case url
}
