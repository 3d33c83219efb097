/// One way of reaching someone with its label ("work", "mobile"), as CareKit's `OCKLabeledValue`.
package struct LabeledValue: Sendable, Hashable, Codable {
    /// The label, e.g. "work"; may be empty.
    package var label: String
    /// The value: a phone number in E.164 form, or an email address.
    package var value: String

    /// Creates a labelled value.
    package init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
