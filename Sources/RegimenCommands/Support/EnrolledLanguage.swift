package import CareStore
import Foundation
package import RegimenFoundation
import SystemPackage

/// The participant's language as recorded in a store when it was enrolled in a study (docs/languages.md, "The
/// participant's language"): `regimen enroll` keeps it in the store's settings, and later runs without `--language`
/// or `REGIMEN_LANGUAGE` show surveys in it.
package enum EnrolledLanguage {
    /// The store setting that holds the tag.
    static let settingKey = "participantLanguage"

    /// Records `language` in `store`, or records nothing when it is nil (the participant named none).
    package static func record(_ language: LanguageTag?, in store: CareStore) throws(RegimenError) {
        guard let language else { return }
        try storeCall { () throws(CareStoreError) in try store.setSetting(settingKey, to: language.description) }
    }
}

extension Workspace {
    /// The language recorded when the store at `path` (else the default store) was enrolled; nil when the store does
    /// not exist yet (nothing is created) or recorded none.
    func enrolledLanguage(storePath path: String?) throws(RegimenError) -> LanguageTag? {
        let file = storePath(path)
        guard FileManager.default.fileExists(atPath: file.string) else { return nil }
        let store = try storeCall { () throws(CareStoreError) in try CareStore(path: file) }
        let recorded = try storeCall { () throws(CareStoreError) in try store.setting(EnrolledLanguage.settingKey) }
        guard let recorded else { return nil }
        guard let tag = LanguageTag(recorded) else {
            throw .failure(
                "the store \(file.string) records the enrolled language '\(recorded)', which is not a BCP 47 tag; "
                    + "give --language TAG")
        }
        return tag
    }
}
