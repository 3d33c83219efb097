import CareModel
import Catalog
import Foundation
import OutcomeMapping
import RegimenCommands
import StudyDatabase

/// `regimen study ingest`: a participant's files a chunk at a time — each chunk read and extracted on all cores with
/// local ingest's `IngestPreparer` (the day a run ended on taken in the participant's home zone), then stored in one
/// transaction — so memory stays flat in the number of files, and a kill loses at most the chunk in flight, stored
/// next time. The next chunk is read while the database stores the one before (docs/study-database.md, "Ingest").
struct StudyIngestRun: Sendable {
    let study: StudyDatabase
    let catalog: Catalog
    let extractors: ExtractorRegistry
    let now: Date
    /// Files per transaction.
    var batchSize = 2_000

    /// A chunk read and extracted, to be stored.
    private struct Chunk: Sendable {
        var participant: Participant
        var items: [StudyIngestItem]
        var files: Int
    }

    /// The chunk being stored: its transaction runs while the next chunk is read.
    private var inFlight: (chunk: Chunk, storing: Task<[Result<IngestReport, StudyIngestRefusal>], any Error>)?

    init(study: StudyDatabase, catalog: Catalog, extractors: ExtractorRegistry, now: Date) {
        self.study = study
        self.catalog = catalog
        self.extractors = extractors
        self.now = now
    }

    /// Ingests `files` for `participant`, counting into `summary`; `progress` hears each stored chunk's size. The last
    /// chunk may still be in flight on return: `finish` waits for it.
    mutating func ingest(
        _ files: [String], for participant: Participant, into summary: inout IngestSummary,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(RegimenError) {
        let preparer = IngestPreparer(
            catalog: catalog, extractors: extractors, calendar: participant.calendar, task: nil,
            checks: ResultChecks(catalog: catalog, calendar: participant.calendar, now: now))
        var start = 0
        while start < files.count {
            let paths = Array(files[start..<min(files.count, start + batchSize)])
            start += paths.count
            var chunk = Chunk(participant: participant, items: [], files: paths.count)
            for prepared in parallelMap(paths, { preparer.prepare($0) }) {
                switch prepared {
                case .ready(let ingest, let version, let recorded):
                    chunk.items.append(StudyIngestItem(
                        ingest: ingest, recordedUTCOffset: recorded.utcOffsetSeconds, recordedTimeZone: recorded.timeZone))
                    if let version { summary.researchKitVersions[version, default: 0] += 1 }
                case .rejected(let rejection): summary.rejected.append(rejection)
                }
            }
            try await finish(into: &summary, progress: progress)
            let study = study
            let items = chunk.items
            inFlight = (chunk, Task { try await study.ingest(items, for: participant) })
        }
    }

    /// Waits for the chunk in flight, if any, and counts its results into `summary`.
    mutating func finish(into summary: inout IngestSummary, progress: (@Sendable (Int) -> Void)? = nil) async throws(RegimenError) {
        guard let (chunk, storing) = inFlight else { return }
        inFlight = nil
        let results: [Result<IngestReport, StudyIngestRefusal>]
        do {
            results = try await storing.value
        } catch let error as StudyDatabaseError {
            throw .study(error)
        } catch {
            throw .failure("cannot store results for participant \(chunk.participant.label): \(error)")
        }
        for (item, result) in zip(chunk.items, results) {
            let file = item.ingest.resultFile ?? ""
            switch result {
            case .success(let report): summary.record(report, file: file)
            case .failure(let refusal):
                summary.rejected.append(IngestRejection(
                    file: file, problem: ErrorReporter.text(for: refusal, calendar: chunk.participant.calendar)))
            }
        }
        progress?(chunk.files)
    }
}
