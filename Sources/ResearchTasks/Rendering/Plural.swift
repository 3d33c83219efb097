/// Words that agree with a count — "1 file was rejected", "2 files were rejected", "0 files" — so that no message
/// spells a plural by hand (docs/command-line-conventions.md).
package enum Plural {
    /// `singular` when `count` is exactly 1, else `plural` (default: `singular` + "s").
    package static func word(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }

    /// The count and its noun: "1 file", "3 files", "0 files".
    package static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(word(count, singular, plural))"
    }
}
