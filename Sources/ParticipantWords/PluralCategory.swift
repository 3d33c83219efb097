import _FoundationICU

/// A CLDR plural category ("zero", "one", "two", "few", "many", "other"), chosen for a number by the plural rules ICU
/// holds for a language: the ICU that Foundation itself is built on (docs/languages.md, "Plural forms").
package enum PluralCategory {
    /// The category of `number` in `language` (an ICU locale id such as `en`, `ja`, `zh_Hans`); "other" when ICU has
    /// no rules for it.
    package static func of(_ number: Int, language: String) -> String {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(language, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return "other"
        }
        defer { swift_uplrules_close(rules) }
        var keyword = [UChar](repeating: 0, count: 16)
        let length = swift_uplrules_select(rules, Double(number), &keyword, Int32(keyword.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return "other" }
        return String(decoding: keyword[..<Int(length)], as: UTF16.self)
    }
}
