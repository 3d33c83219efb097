import CareStore
import Catalog
import Foundation
import RegimenFoundation

/// Task titles in the participant's language for the care feed (docs/languages.md, "The care feed's titles"). The
/// store keeps each task's title in its survey's default language, as synced; the survey folder's translations of
/// those titles are kept beside them in a store setting whenever the folder is read for a sync, so the feed shows a
/// Japanese title without reading the survey folder (which `regimen today` does not do when nothing changed).
enum TaskTitleTranslations {
    /// The store setting that holds `{"task": {"ja": "…", …}, …}`.
    static let settingKey = "taskTitleTranslations"

    /// Records the translations of each entry's title in `catalog` (read in its default languages), replacing what
    /// an earlier folder recorded; nothing is kept for a folder without translated titles.
    static func record(_ catalog: Catalog, in store: CareStore) throws(RegimenError) {
        var tasks = JSONObject()
        for entry in catalog.entries {
            guard let translations = entry.languages?.translationsByText[entry.title], !translations.isEmpty else {
                continue
            }
            var titles = JSONObject()
            for (language, title) in translations { titles[language.description] = .string(title) }
            tasks[entry.taskIdentifier] = .object(titles)
        }
        let text = tasks.isEmpty ? "" : JSONWriter.prettyText(.object(tasks))
        try storeCall { () throws(CareStoreError) in try store.setSetting(settingKey, to: text) }
    }

    /// Each task's title in the first of `languages` its survey translates it into (BCP 47 lookup), by task id; empty
    /// when no language is asked for or nothing was recorded. A setting that does not read as recorded is ignored:
    /// the titles are then shown as the store holds them, in the default language.
    static func titles(in store: CareStore, for languages: [LanguageTag]) throws(RegimenError) -> [String: String] {
        guard !languages.isEmpty else { return [:] }
        let text = try storeCall { () throws(CareStoreError) in try store.setting(settingKey) }
        guard let text, !text.isEmpty else { return [:] }
        let tasks: JSONObject
        do {
            guard case .object(let parsed) = try JSONParser.parse(Data(text.utf8)) else { return [:] }
            tasks = parsed
        } catch {
            return [:]
        }
        var titles: [String: String] = [:]
        for (task, value) in tasks {
            guard case .object(let translated) = value else { continue }
            var byTag: [LanguageTag: String] = [:]
            for (tag, title) in translated {
                if let tag = LanguageTag(tag), case .string(let title) = title { byTag[tag] = title }
            }
            if let found = LanguageTag.lookup(languages, in: byTag.keys) { titles[task] = byTag[found] }
        }
        return titles
    }
}
