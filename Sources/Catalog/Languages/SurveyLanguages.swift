package import Foundation
package import RegimenFoundation

/// The languages of one survey file (docs/languages.md): its default, the one its texts were resolved to, and the
/// texts left untranslated in each other language it has.
package struct SurveyLanguages: Sendable, Hashable {
    /// The file's `language:`, the language of its plain texts, which every translated text must hold.
    package var defaultLanguage: LanguageTag
    /// The language the entry's texts are in: the requested one found by BCP 47 lookup, else the default.
    package var shown: LanguageTag
    /// The other languages some text is translated into, sorted.
    package var translations: [LanguageTag]
    /// For each language of `translations`, the paths of participant-facing texts with no text in it, in file order.
    package var untranslated: [LanguageTag: [String]]

    /// Each translated text's other languages, by its text in the default language (what FHIR export writes as
    /// `translation` extensions); where one default text is translated differently in two places, the first wins.
    package var translationsByText: [String: [LanguageTag: String]] = [:]

    /// Every language of the file: the default, then the translations.
    package var all: [LanguageTag] { [defaultLanguage] + translations }

    /// The locale of the language shown, whose date order typed answers may follow (docs/languages.md, "What is
    /// read").
    package var shownLocale: Locale { Locale(identifier: shown.description) }
}
