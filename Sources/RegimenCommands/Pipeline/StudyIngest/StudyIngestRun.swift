import CareModel
import Catalog
import Foundation
import OutcomeMapping
import StudyDatabase

/// `regimen study ingest`: a participant's files a chunk at a time — each chunk read and extracted on all cores with
/// local ingest's `IngestPreparer` (the day a run ended on taken in the participant's home zone), then stored in one
/// transaction — so memory stays flat in the number of files, and a kill loses at most the chunk in flight, stored
/// next time (docs/study-database.md, "Ingest").
struct StudyIngestRun: Sendable {
    let study: StudyDatabase
    let catalog: Catalog
    let extractors: ExtractorRegistry
    let now: Date
    /// Files per transaction.
    var batchSize = 2_000

    /// Ingests `files` for `participant`, counting into `summary`; `progress` hears each stored chunk's size.
    func ingest(
        _ files: [String], for participant: Participant, into summary: inout IngestSummary,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(RegimenError) {
        let calendar = participant.calendar
        let preparer = IngestPreparer(
            catalog: catalog, extractors: extractors, calendar: calendar, task: nil,
            checks: ResultChecks(catalog: catalog, calendar: calendar, now: now))
        var start = 0
        while start < files.count {
            let chunk = Array(files[start..<min(files.count, start + batchSize)])
            start += chunk.count
            var items: [StudyIngestItem] = []
            for prepared in parallelMap(chunk, { preparer.prepare($0) }) {
                switch prepared {
                case .ready(let ingest, let version, let recorded):
                    items.append(StudyIngestItem(
                        ingest: ingest, recordedUTCOffset: recorded.utcOffsetSeconds, recordedTimeZone: recorded.timeZone))
                    if let version { summary.researchKitVersions[version, default: 0] += 1 }
                case .rejected(let rejection): summary.rejected.append(rejection)
                }
            }
            let results: [Result<IngestReport, StudyIngestRefusal>]
            do throws(StudyDatabaseError) {
                results = try await study.ingest(items, for: participant)
            } catch {
                throw .study(error)
            }
            for (item, result) in zip(items, results) {
                let file = item.ingest.resultFile ?? ""
                switch result {
                case .success(let report): summary.record(report, file: file)
                case .failure(let refusal):
                    summary.rejected.append(IngestRejection(
                        file: file, problem: ErrorReporter.text(for: refusal, calendar: calendar)))
                }
            }
            progress?(chunk.count)
        }
    }
}
