package import RegimenFoundation

/// The texts of a FHIR primitive in other languages: the `translation` extensions of its `_element`
/// (`http://hl7.org/fhir/StructureDefinition/translation`, sub-extensions `lang` and `content`), by BCP 47 tag
/// (docs/fhir-import.md, "Languages").
package struct FHIRTranslations: Sendable, Hashable {
    /// The extension's canonical URL.
    package static let url = "http://hl7.org/fhir/StructureDefinition/translation"

    /// The text in each language, by tag in the RFC's case.
    package var texts: [LanguageTag: String] = [:]

    /// No translations.
    package static let none = FHIRTranslations()

    /// Whether there is none.
    package var isEmpty: Bool { texts.isEmpty }

    /// The translations in the `translation` extensions of `element` (a primitive's `_text`, `_display`, …); one
    /// without a usable `lang` or `content` is a loss, never dropped unsaid.
    static func read(_ element: FHIRObjectReader?, subject: FHIRImportLoss.Subject) -> FHIRTranslations {
        guard let element else { return .none }
        var translations = FHIRTranslations()
        for holder in element.objects("extension") where holder.string("url").map(isTranslation) == true {
            let parts = holder.objects("extension")
            let lang = parts.first { $0.string("url") == "lang" }.flatMap { $0.string("valueCode") }
            let content = parts.first { $0.string("url") == "content" }.flatMap {
                $0.string("valueString") ?? $0.string("valueMarkdown")
            }
            guard let lang, let content else {
                element.losses.add(
                    subject, "\(holder.place): a translation needs lang (valueCode) and content (valueString); left out"
                )
                continue
            }
            guard let tag = LanguageTag(lang), tag.isKnownLanguage else {
                element.losses.add(
                    subject, "\(holder.place): the translation's lang \"\(lang)\" is not a known BCP 47 tag; left out")
                continue
            }
            translations.texts[tag] = content
        }
        return translations
    }

    private static func isTranslation(_ url: String) -> Bool {
        url == Self.url || url == "translation"
    }
}
