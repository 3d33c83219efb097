import Foundation

/// One key of a `.stringsdict` file: a format holding one `%#@variable@`, and the variable's text per CLDR plural
/// category (Apple's "Stringsdict File Format"; docs/languages.md, "Plural forms").
package struct PluralEntry: Sendable, Hashable {
    /// `NSStringLocalizedFormatKey`, e.g. "Wrote %#@charts@ to %2$@.".
    package var format: String
    /// The variable's name, e.g. "charts".
    package var variable: String
    /// The variable's text per category ("one", "other", …).
    package var forms: [String: String]

    /// The format with the variable replaced by its form for `category` ("other" when the language gives none).
    package func format(for category: String) -> String {
        let form = forms[category] ?? forms["other"] ?? ""
        return format.replacingOccurrences(of: "%#@\(variable)@", with: form)
    }

    /// Reads one entry of a stringsdict: nil unless it has a format naming one variable with an "other" form.
    package init?(_ plist: Any) {
        guard let entry = plist as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String,
            let start = format.range(of: "%#@"),
            let end = format.range(of: "@", range: start.upperBound..<format.endIndex)
        else { return nil }
        let variable = String(format[start.upperBound..<end.lowerBound])
        guard let rule = entry[variable] as? [String: Any],
            rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType"
        else { return nil }
        let categories = ["zero", "one", "two", "few", "many", "other"]
        let forms = rule.compactMapValues { $0 as? String }.filter { categories.contains($0.key) }
        guard forms["other"] != nil else { return nil }
        self.format = format
        self.variable = variable
        self.forms = forms
    }
}
