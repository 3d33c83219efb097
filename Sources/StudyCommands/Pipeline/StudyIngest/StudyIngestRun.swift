import CareModel
import Catalog
import Foundation
import OutcomeMapping
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// `regimen study ingest`: a participant's files a chunk at a time — each chunk read and extracted on all cores with
/// local ingest's `IngestPreparer` (the day a run ended on taken in the participant's home zone), then stored in one
/// transaction — so memory stays flat in the number of files, and a kill loses at most the chunks in flight, stored
/// next time. The next chunk is read while the database stores the ones before: one transaction in flight per
/// connection, chunks of different participants on different connections, a participant's own chunks one after
/// another (docs/study-database.md, "Ingest").
struct StudyIngestRun: Sendable {
    /// The connections chunks are stored on; the first is the command's.
    let studies: [StudyDatabase]
    let catalog: Catalog
    let extractors: ExtractorRegistry
    /// The app's command name, for the rejections' messages.
    let app: RegimenApp
    let now: Date
    /// Files per transaction.
    var batchSize = 2_000

    /// A chunk read and extracted, to be stored.
    private struct Chunk: Sendable {
        var participant: Participant
        var items: [StudyIngestItem]
        var files: Int
    }

    /// A chunk being stored: its transaction runs on connection `connection` while the next chunks are read.
    private struct Storing {
        var chunk: Chunk
        var connection: Int
        var task: Task<[Result<IngestReport, StudyIngestRefusal>], any Error>
    }

    /// The chunks being stored, oldest first: at most one per connection.
    private var inFlight: [Storing] = []

    init(studies: [StudyDatabase], catalog: Catalog, extractors: ExtractorRegistry, app: RegimenApp, now: Date) {
        precondition(!studies.isEmpty, "a study ingest needs a connection")
        self.studies = studies
        self.catalog = catalog
        self.extractors = extractors
        self.app = app
        self.now = now
    }

    /// Ingests `files` for `participant`, counting into `summary`; `progress` hears each stored chunk's size. The last
    /// chunks may still be in flight on return: `finish` waits for them.
    mutating func ingest(
        _ files: [String], for participant: Participant, into summary: inout IngestSummary,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(RegimenError) {
        let preparer = IngestPreparer(
            catalog: catalog, extractors: extractors, calendar: participant.calendar, task: nil,
            checks: ResultChecks(catalog: catalog, calendar: participant.calendar, now: now), app: app)
        var start = 0
        while start < files.count {
            let paths = Array(files[start..<min(files.count, start + batchSize)])
            start += paths.count
            var chunk = Chunk(participant: participant, items: [], files: paths.count)
            for prepared in await Self.prepare(paths, with: preparer) {
                switch prepared {
                case .ready(let ingest, let version, let recorded):
                    chunk.items.append(
                        StudyIngestItem(
                            ingest: ingest, recordedUTCOffset: recorded.utcOffsetSeconds,
                            recordedTimeZone: recorded.timeZone))
                    if let version { summary.researchKitVersions[version, default: 0] += 1 }
                case .rejected(let rejection): summary.rejected.append(rejection)
                }
            }
            // A participant's chunks are stored in order; every connection stores one chunk at a time.
            if let same = inFlight.lastIndex(where: { $0.chunk.participant.id == participant.id }) {
                for _ in 0...same { try await finishOldest(into: &summary, progress: progress) }
            }
            if inFlight.count == studies.count { try await finishOldest(into: &summary, progress: progress) }
            let busy = Set(inFlight.map(\.connection))
            let connection = studies.indices.first { !busy.contains($0) } ?? 0
            let study = studies[connection]
            let items = chunk.items
            inFlight.append(
                Storing(
                    chunk: chunk, connection: connection, task: Task { try await study.ingest(items, for: participant) }
                ))
        }
    }

    /// `paths` read and extracted on all cores, on threads of their own rather than this task's (`WorkerThread`): the
    /// task waits without holding one of Swift concurrency's threads (one per core), which the transactions in flight
    /// need meanwhile.
    private static func prepare(_ paths: [String], with preparer: IngestPreparer) async -> [PreparedResult] {
        await withCheckedContinuation { continuation in
            _ = WorkerThread.start {
                continuation.resume(returning: preparer.prepare(paths))
            }
        }
    }

    /// Waits for every chunk in flight and counts their results into `summary`, oldest first. When one fails, the
    /// others are still waited for (each commits or rolls back whole) before its error is thrown.
    mutating func finish(into summary: inout IngestSummary, progress: (@Sendable (Int) -> Void)? = nil)
        async throws(RegimenError)
    {
        var failure: RegimenError?
        while !inFlight.isEmpty {
            do throws(RegimenError) {
                try await finishOldest(into: &summary, progress: progress)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// Waits for the oldest chunk in flight and counts its results into `summary`. When it failed, the chunks still in
    /// flight are waited for too, uncounted, before the error is thrown: nothing runs on after the command stops.
    private mutating func finishOldest(
        into summary: inout IngestSummary, progress: (@Sendable (Int) -> Void)?
    ) async throws(RegimenError) {
        guard !inFlight.isEmpty else { return }
        let storing = inFlight.removeFirst()
        let results: [Result<IngestReport, StudyIngestRefusal>]
        do {
            results = try await storing.task.value
        } catch {
            for other in inFlight { _ = try? await other.task.value }
            inFlight = []
            if let error = error as? StudyDatabaseError { throw .study(error) }
            throw .failure("cannot store results for participant \(storing.chunk.participant.label): \(error)")
        }
        for (item, result) in zip(storing.chunk.items, results) {
            let file = item.ingest.resultFile ?? ""
            switch result {
            case .success(let report): summary.record(report, file: file)
            case .failure(let refusal):
                summary.rejected.append(
                    IngestRejection(
                        file: file,
                        problem: ErrorReporter.text(for: refusal, calendar: storing.chunk.participant.calendar)))
            }
        }
        progress?(storing.chunk.files)
    }
}
