/// What a FHIR `url` item is asked with: free text holding a URL (docs/fhir-import.md, "Answer formats"). Export leaves
/// this pattern out of a url item's `regex`, since the item type already says it.
enum URLItemPattern {
    /// A scheme, a colon and no white space: `https://example.org/a`, `mailto:someone@example.org`.
    static let pattern = "^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]+$"
    /// What the prompt shows as the expected form.
    static let invalidMessage = "Enter a URL, such as https://example.org."
}
