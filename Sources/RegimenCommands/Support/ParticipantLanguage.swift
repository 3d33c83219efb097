package import RegimenFoundation

extension RegimenEnvironment {
    /// The environment variables that name the participant's language, most important first: Regimen's own, then
    /// POSIX's (`LC_ALL` overrides `LC_MESSAGES`, which overrides `LANG`).
    static let languageVariables = ["REGIMEN_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language the participant asked for (docs/languages.md): `--language` (`option`), else `REGIMEN_LANGUAGE`,
    /// else the language recorded when the store was enrolled in a study (`enrolled`), else the POSIX locale of
    /// `LC_ALL`, `LC_MESSAGES` or `LANG` (`ja_JP.UTF-8` → `ja-JP`; `C` and `POSIX` name none); empty when none names
    /// one. Surveys then find it by BCP 47 lookup, else show their default language.
    package func participantLanguages(option: String?, enrolled: LanguageTag? = nil) throws(RegimenError)
        -> [LanguageTag]
    {
        if let option {
            guard let tag = LanguageTag(option) else {
                throw .usage("--language must be a BCP 47 language tag such as en, ja or zh-Hans, not '\(option)'")
            }
            return [tag]
        }
        if let value = variables["REGIMEN_LANGUAGE"], !value.isEmpty {
            guard let tag = LanguageTag(value) ?? LanguageTag(posixLocale: value) else {
                throw .usage("REGIMEN_LANGUAGE must be a BCP 47 language tag such as en, ja or zh-Hans, not '\(value)'")
            }
            return [tag]
        }
        if let enrolled { return [enrolled] }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = variables[name], !value.isEmpty else { continue }
            // The first one set decides, as in POSIX; "C" or an unreadable name asks for no language.
            return LanguageTag(posixLocale: value).map { [$0] } ?? []
        }
        return []
    }
}
