import CareModel
import CareStore
import Catalog
import FHIRInterchange
import Foundation

/// The stored values `outcomes --format fhir` exports, each with its task's survey (which codes it).
enum ObservationSources {
    /// The values of `outcomes` (oldest event first), keeping only values of `kind` when given; `catalog` gives the
    /// codes of the kinds its surveys declare.
    static func sources(of outcomes: [Outcome], kind: String?, store: CareStore, catalog: Catalog) throws(RegimenError) -> [ObservationExport.Source] {
        var taskIDs: [UUID: String] = [:]
        var sources: [ObservationExport.Source] = []
        for outcome in outcomes.sorted(by: { ($0.eventStart, $0.createdDate) < ($1.eventStart, $1.createdDate) }) {
            if taskIDs[outcome.taskVersionUUID] == nil {
                let version = try storeCall { () throws(CareStoreError) in try store.taskVersion(uuid: outcome.taskVersionUUID) }
                taskIDs[outcome.taskVersionUUID] = version?.id ?? ""
            }
            let entry = catalog.entry(forTask: taskIDs[outcome.taskVersionUUID] ?? "")
            for (index, value) in outcome.values.enumerated() where kind == nil || value.kind == kind {
                sources.append(ObservationExport.Source(outcome: outcome, index: index, entry: entry))
            }
        }
        return sources
    }
}
