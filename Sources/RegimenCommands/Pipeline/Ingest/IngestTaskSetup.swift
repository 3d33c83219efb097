import CareStore
import Catalog
import Foundation

/// Gets a store ready for ingesting history: a participant not enrolled yet is enrolled on `anchor` (the day of the
/// earliest result, or `--start`), and every scheduled task the store does not hold yet starts its schedule there —
/// so a whole study's history can be loaded into an empty store. Tasks already held are then synced as usual.
struct IngestTaskSetup {
    let store: CareStore
    let environment: RegimenEnvironment

    /// Adds missing tasks anchored at `anchor` (start of a day), then syncs the catalog (`CareSync`). A participant not
    /// enrolled yet is enrolled at `enrollAt` (default `anchor`); only the entries `select` picks are anchored early
    /// (a Health import anchors just its linked tasks, docs/health-export.md, "Linked tasks").
    func prepare(
        _ catalog: Catalog, anchor: Date, enrollAt: Date? = nil, only select: (CatalogEntry) -> Bool = { _ in true }
    ) throws(RegimenError) {
        // A store enrolled in a study holds the study's task versions only (docs/study-sync.md, "The device's store").
        if try storeCall({ () throws(CareStoreError) in try store.studyEnrollment() }) != nil { return }
        let enrollment = try storeCall { () throws(CareStoreError) in try store.enroll(now: enrollAt ?? anchor) }
        let sync = CareSync(store: store, environment: environment)
        for entry in catalog.entries where entry.schedule != nil && select(entry) {
            let held = try storeCall { () throws(CareStoreError) in try store.taskVersions(id: entry.taskIdentifier) }
            guard held.isEmpty else { continue }
            let definition = try sync.definition(of: entry, enrollment: min(enrollment, anchor))
            _ = try storeCall { () throws(CareStoreError) in
                try store.ensureTask(definition, now: anchor, calendar: environment.calendar)
            }
        }
        try sync.sync(catalog)
    }
}
