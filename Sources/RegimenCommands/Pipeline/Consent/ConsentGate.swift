import CareModel
import CareStore
import Foundation
import ParticipantWords

/// Whether the study's tasks are open: until the current version of every required consent document is signed (and
/// while consent is withdrawn), only the consent task runs (docs/consent.md, "The gate").
enum ConsentGate {
    /// Where the participant stands.
    enum Standing: Equatable {
        /// Every required document's current version is signed.
        case open
        /// `task` must be run: nothing of `document` was signed yet (or only declined).
        case notSigned(task: String)
        /// `task` must be run: an earlier version was signed, `version` is current.
        case newVersion(task: String, version: String)
        /// Consent was withdrawn on `date`: no new answers.
        case withdrawn(task: String, date: Date)
    }

    /// Where the participant stands on the required documents of `documents`, from the store's records.
    static func standing(_ documents: ConsentDocumentList, store: CareStore) throws(RegimenError) -> Standing {
        for item in documents.required {
            let records = try storeCall { () throws(CareStoreError) in
                try store.consentRecords(documentID: item.document)
            }
            guard let signed = records.last(where: { $0.decision == .consented }) else {
                return .notSigned(task: item.task)
            }
            if let withdrawal = signed.withdrawal { return .withdrawn(task: item.task, date: withdrawal.date) }
            if signed.version != item.version { return .newVersion(task: item.task, version: item.version) }
        }
        return .open
    }

    /// Why `task` (titled `title`) cannot start, in the participant's words; nil when it may. A consent task always
    /// may: it is how consent is given, again after a withdrawal too.
    static func refusal(
        task: String, title: String, documents: ConsentDocumentList, store: CareStore, words: Words,
        calendar: Calendar
    ) throws(RegimenError) -> String? {
        guard !documents.isConsentTask(task) else { return nil }
        return try reason(standing(documents, store: store), title: title, words: words, calendar: calendar)
    }

    /// The words for a standing that closes the study's tasks; nil when it is open.
    static func reason(_ standing: Standing, title: String, words: Words, calendar: Calendar) -> String? {
        switch standing {
        case .open:
            return nil
        case .notSigned(let consentTask):
            return words(.consentNeeded, title, "regimen run \(consentTask)")
        case .newVersion(let consentTask, let version):
            return words(.consentNewVersion, version, "regimen run \(consentTask)")
        case .withdrawn(_, let date):
            return words(.consentWithdrawnNoAnswers, DayText.long(date, calendar: calendar, words: words))
        }
    }
}
