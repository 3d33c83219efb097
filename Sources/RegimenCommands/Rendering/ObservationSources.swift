import CareModel
import CareStore
import Catalog
import FHIRInterchange
import Foundation
import RegimenFoundation

/// `outcomes --format fhir`: the stored values as a FHIR R4 Bundle of Observations (`ObservationExport`), written one
/// entry at a time as the outcomes are read, each value coded by its task's survey.
enum ObservationSources {
    /// Writes the Bundle of the values of the outcomes `cursor` reads (event order), keeping only values of `kind` when
    /// given; `catalog` gives the codes of the kinds its surveys declare. The same bytes as
    /// `JSONWriter.prettyText(ObservationExport.bundle(…))` of all of them.
    static func write(
        _ cursor: OutcomeCursor, snapshot: OutcomeSnapshot, kind: String?, catalog: Catalog, timeZone: TimeZone,
        to output: TableOutput
    ) throws(RegimenError) {
        guard case .object(let members) = ObservationExport.bundle([], timeZone: timeZone) else { return }
        let bundle = try StreamedJSONDocument(
            object: output, members: members, arrayKey: "entry", omitsEmptyArray: true)
        var taskIDs = TaskIDs(snapshot: snapshot)
        while let outcome = try storeCall({ () throws(CareStoreError) in try cursor.next() }) {
            let entry = catalog.entry(forTask: try taskIDs.id(of: outcome.taskVersionUUID) ?? "")
            for (index, value) in outcome.values.enumerated() where kind == nil || value.kind == kind {
                let source = ObservationExport.Source(outcome: outcome, index: index, entry: entry)
                guard let observation = ObservationExport.observation(source, timeZone: timeZone) else { continue }
                try bundle.append(.object(["resource": observation]))
            }
        }
        try bundle.finish()
    }
}
