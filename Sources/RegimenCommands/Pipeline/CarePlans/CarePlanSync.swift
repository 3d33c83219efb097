import CareModel
import CareStore
import Catalog
import Foundation

/// Brings the store's plans, contacts and patient record, and each task version's plan and links, in line with the
/// survey folder (docs/care-plans.md, "Versions"): part of `CareSync`, run whenever the folder changed.
struct CarePlanSync {
    let store: CareStore
    let environment: RegimenEnvironment

    /// Stores the care file's records (plans dated for a participant enrolled at `enrollment`) and the plan and links
    /// of each task version in force (`tasks`, by task id).
    func sync(_ catalog: Catalog, tasks: [String: CareTask], enrollment: Date, now: Date) throws(RegimenError) {
        let calendar = environment.calendar
        let contents = CareFileContents(
            plans: catalog.care?.plans.map { $0.plan(enrollment: enrollment, calendar: calendar) } ?? [],
            contacts: catalog.care?.contacts ?? [], patient: catalog.care?.patient)
        try storeCall { () throws(CareStoreError) in
            try store.ensureCareFile(contents, now: now, calendar: calendar)
        }
        for entry in catalog.entries {
            guard let task = tasks[entry.taskIdentifier] else { continue }
            try storeCall { () throws(CareStoreError) in
                try store.setTaskCare(entry.care, forTaskVersion: task.uuid)
            }
        }
        try CareTextTranslations.record(catalog, in: store)
    }
}
