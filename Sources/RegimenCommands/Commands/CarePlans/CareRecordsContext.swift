import CareModel
import CareStore
import Foundation
import ParticipantWords
import RegimenFoundation
import ResearchTasks

/// What `contacts`, `patient` and `plans` read (docs/care-plans.md): the store made to match the survey folder, its
/// plans, contacts and patient record in force now, and the participant's language for their texts.
struct CareRecordsContext {
    let workspace: Workspace
    let store: CareStore
    let contents: CareFileContents
    let words: Words
    let translate: CareTextTranslations.Translator
    let now: Date

    /// Opens the store (`--store`, after syncing the survey folder `--surveys`) and reads what is in force now.
    init(app: RegimenApp, surveys: SurveyOptions, storeOptions: StoreOptions) throws(RegimenError) {
        workspace = try Workspace.live(app)
        let environment = workspace.environment
        now = environment.clock.now()
        store = try workspace.openStore(storeOptions, surveys: surveys)
        let enrolled = try EnrolledLanguage.recorded(in: store, file: workspace.storePath(storeOptions.store))
        let languages = try environment.participantLanguages(option: nil, enrolled: enrolled)
        words = Words(for: languages)
        translate = try CareTextTranslations.translator(in: store, for: languages)
        let store = self.store
        let now = self.now
        contents = try storeCall { () throws(CareStoreError) in try store.careFileContents(at: now) }
    }

    /// The plan a command line names, by id or title (any case); a usage error listing the plans when none matches.
    func plan(named name: String) throws(RegimenError) -> CarePlan {
        let lowered = name.lowercased()
        if let plan = contents.plans.first(where: {
            $0.id == name || $0.title.lowercased() == lowered || translate($0.title).lowercased() == lowered
        }) {
            return plan
        }
        let known = contents.plans.map(\.id)
        throw .usage(
            "no plan '\(name)' (plans: \(known.isEmpty ? "none; the survey folder has no care file" : known.joined(separator: ", ")))"
        )
    }
}
