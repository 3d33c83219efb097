import CareModel
import CareStore
import Catalog
import Foundation
import RegimenFoundation

/// The care file's and task links' texts in the participant's language (docs/care-plans.md, "Languages"), kept as
/// task titles are (`TaskTitleTranslations`): the store holds the default language's texts, and this setting holds
/// their translations, by default text, whenever the folder is synced.
enum CareTextTranslations {
    /// The store setting that holds `{"Knee recovery": {"ja": "…", …}, …}`.
    static let settingKey = "careTextTranslations"

    /// Records the translations of the care file's texts and of every task's link titles.
    static func record(_ catalog: Catalog, in store: CareStore) throws(RegimenError) {
        var byText: [String: [LanguageTag: String]] = catalog.care?.languages?.translationsByText ?? [:]
        for entry in catalog.entries where !entry.care.links.isEmpty {
            for link in entry.care.links {
                guard let translations = entry.languages?.translationsByText[link.title] else { continue }
                byText[link.title, default: [:]].merge(translations) { first, _ in first }
            }
        }
        var texts = JSONObject()
        for (text, translations) in byText {
            var object = JSONObject()
            for (language, translated) in translations { object[language.description] = .string(translated) }
            texts[text] = .object(object)
        }
        let value = texts.isEmpty ? "" : JSONWriter.prettyText(.object(texts))
        try storeCall { () throws(CareStoreError) in try store.setSetting(settingKey, to: value) }
    }

    /// A lookup from a default-language text to its text in the first of `languages` recorded; identity when none.
    static func translator(in store: CareStore, for languages: [LanguageTag]) throws(RegimenError) -> Translator {
        guard !languages.isEmpty else { return Translator(texts: [:]) }
        let text = try storeCall { () throws(CareStoreError) in try store.setting(settingKey) }
        guard let text, !text.isEmpty, case .object(let parsed)? = try? JSONParser.parse(Data(text.utf8)) else {
            return Translator(texts: [:])
        }
        var texts: [String: String] = [:]
        for (original, value) in parsed {
            guard case .object(let translated) = value else { continue }
            var byTag: [LanguageTag: String] = [:]
            for (tag, title) in translated {
                if let tag = LanguageTag(tag), case .string(let title) = title { byTag[tag] = title }
            }
            if let found = LanguageTag.lookup(languages, in: byTag.keys) { texts[original] = byTag[found] }
        }
        return Translator(texts: texts)
    }

    /// Texts of the store in the participant's language.
    struct Translator {
        let texts: [String: String]

        /// `text` in the participant's language, else as stored.
        func callAsFunction(_ text: String) -> String { texts[text] ?? text }

        /// An optional text in the participant's language.
        func callAsFunction(_ text: String?) -> String? { text.map { texts[$0] ?? $0 } }
    }
}
