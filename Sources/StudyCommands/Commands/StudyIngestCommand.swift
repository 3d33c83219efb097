import ArgumentParser
import Catalog
import Foundation
import OutcomeMapping
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase
import SystemPackage

/// `regimen study ingest LABEL PATH…` and `regimen study ingest --export-folder DIR`: store participants' result files
/// in the study database with local ingest's rules (docs/study-database.md, "Ingest").
struct StudyIngestCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Store participants' result files in the study database; ingesting a file again changes nothing.",
        discussion: """
            LABEL PATH… stores one participant's files (folders are searched for *.json); --export-folder DIR stores a \
            study export folder, DIR/LABEL/…/*.json, each top-level folder one participant. The rules are regimen \
            ingest's: each outcome goes to the event of its task on the day its run ended in the participant's home \
            zone; the same userInfo syncIdentifier with a higher syncVersion replaces the stored outcome; when two runs \
            fall on one event the later holds it and the other is kept as superseded. Files are stored in \
            transactions of up to 2,000: a killed ingest keeps whole transactions only, and running it again \
            completes it. Withdrawn participants get nothing new. Exits 65 when any file or folder was rejected; the \
            others are stored all the same.
            """
    )

    @Argument(help: ArgumentHelp("The participant's label.", valueName: "label"))
    var label: String?

    @Argument(help: ArgumentHelp("Result files, or folders searched recursively for *.json.", valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A study export folder: each top-level folder is a participant's label and holds their result files.",
            valueName: "dir"))
    var exportFolder: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func validate() throws {
        if exportFolder != nil {
            guard label == nil else {
                throw ValidationError("give either --export-folder DIR or LABEL PATH…, not both")
            }
        } else {
            guard label != nil, !paths.isEmpty else {
                throw ValidationError(
                    "name a participant and at least one result file or folder, or --export-folder DIR")
            }
        }
    }

    func run(in app: RegimenApp) async throws {
        let workspace = Workspace(environment: try StudyDatabaseOptions.environment(), app: app)
        let environment = workspace.environment
        let catalog = try workspace.loadCatalog(surveys).catalog
        let run = StudyIngestBody(
            catalog: catalog, extractors: workspace.extractors(for: catalog), app: app,
            environment: environment)
        let summary: IngestSummary
        var participants: Int?
        if let exportFolder {
            let folder = try StudyExportFolder.read(environment.url(forPath: exportFolder).path)
            participants = folder.entries.count
            summary = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
                try await run.exportFolder(folder, study: study)
            }
        } else {
            let found = IngestFileList.collect(paths, environment: environment)
            let (files, missing) = (found.files.paths, found.missing)
            let label = label ?? ""
            summary = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
                try await run.participant(label, files: files, missing: missing, study: study)
            }
        }
        if let participants { print("participants \(participants)") }
        print(summary.render())
        // A named path that names nothing is the one missing-input error (exit 66); the others were ingested.
        let named = Set(paths.map { environment.url(forPath: $0).path })
        if let gone = summary.rejected.first(where: {
            named.contains($0.file) && $0.problem == ErrorReporter.noSuchFile
        }) {
            throw RegimenError.missingFile(path: FilePath(gone.file))
        }
        if !summary.rejected.isEmpty {
            throw RegimenError.badData(
                "\(summary.rejected.count) of \(Plural.count(summary.files, "file or folder", "files or folders")) "
                    + "\(Plural.word(summary.rejected.count, "was", "were")) rejected")
        }
    }
}

/// What `study ingest` does once the study is open.
private struct StudyIngestBody: Sendable {
    let catalog: Catalog
    let extractors: ExtractorRegistry
    /// The app, whose command name the rejections' messages use.
    let app: RegimenApp
    let environment: RegimenEnvironment

    private func run(_ studies: [StudyDatabase]) -> StudyIngestRun {
        StudyIngestRun(
            studies: studies, catalog: catalog, extractors: extractors, app: app,
            now: environment.clock.now())
    }

    /// One participant's files.
    func participant(
        _ label: String, files: [String], missing: [IngestRejection], study: StudyDatabase
    ) async throws(RegimenError) -> IngestSummary {
        let participant: Participant
        do throws(StudyDatabaseError) {
            participant = try await study.ingestParticipant(label: label)
        } catch {
            throw .study(error)
        }
        var summary = IngestSummary()
        summary.rejected = missing
        let progress = ProgressBar(label: "storing", total: files.count, enabled: environment.stderrIsTerminal)
        defer { progress.finish() }
        // One participant's chunks are stored one after another: one connection is all they use.
        var run = run([study])
        try await run.ingest(files, for: participant, into: &summary) { progress.advance(by: $0) }
        try await run.finish(into: &summary) { progress.advance(by: $0) }
        return summary
    }

    /// Every participant folder of an export folder; unknown and withdrawn participants are listed as rejections.
    /// Participants are read up front; then several participants are stored at once, each on a connection of its own,
    /// while the next participant's files are read (the database server works on every core).
    func exportFolder(_ folder: StudyExportFolder, study: StudyDatabase) async throws(RegimenError) -> IngestSummary {
        var summary = IngestSummary()
        summary.rejected = folder.strays
        var known: [String: Participant] = [:]
        do throws(StudyDatabaseError) {
            for participant in try await study.participants() { known[participant.label] = participant }
        } catch {
            throw .study(error)
        }
        let progress = ProgressBar(
            label: "participants", total: folder.entries.count, enabled: environment.stderrIsTerminal)
        defer { progress.finish() }
        var others: [StudyDatabase] = []
        do throws(StudyDatabaseError) {
            for _ in 1..<Self.connections { others.append(try await study.openAnother()) }
        } catch {
            for other in others { await other.close() }
            throw .study(error)
        }
        var run = run([study] + others)
        do throws(RegimenError) {
            try await storeParticipants(folder, known: known, run: &run, into: &summary, progress: progress)
        } catch {
            try? await run.finish(into: &summary)
            for other in others { await other.close() }
            throw error
        }
        for other in others { await other.close() }
        return summary
    }

    /// The connections an export folder is stored on, one transaction in flight on each. More than the cores: a
    /// transaction also waits on the server's replies and the disk. Measured with 1,000 participants × 365 files on 2
    /// cores: one connection ≈ 24 s, two ≈ 18.6 s, three ≈ 16 s (docs/study-database.md, "Ingest").
    static let connections = 3

    /// The participants of `folder`, stored by `run`; waits for the last of them.
    private func storeParticipants(
        _ folder: StudyExportFolder, known: [String: Participant], run: inout StudyIngestRun,
        into summary: inout IngestSummary, progress: ProgressBar
    ) async throws(RegimenError) {
        // The next participant's files are listed, and the kernel asked to read them, while this one's are decoded:
        // reading many small files otherwise waits on the disk (docs/study-database.md, "Ingest").
        var listed: (index: Int, files: [String], missing: [IngestRejection])?
        func list(_ index: Int) -> (index: Int, files: [String], missing: [IngestRejection]) {
            let found = IngestFileList.collect([folder.entries[index].path], environment: environment)
            return (index, found.files.paths, found.missing)
        }
        for (index, entry) in folder.entries.enumerated() {
            defer { progress.advance(by: 1) }
            guard let participant = known[entry.label] else {
                summary.rejected.append(
                    IngestRejection(
                        file: entry.path, problem: ErrorReporter.text(for: .participantNotFound(label: entry.label))))
                continue
            }
            if let withdrawn = participant.withdrawnAt {
                summary.rejected.append(
                    IngestRejection(
                        file: entry.path,
                        problem: ErrorReporter.text(
                            for: .participantWithdrawn(label: entry.label, withdrawnAt: withdrawn))))
                continue
            }
            let (_, files, missing) = listed?.index == index ? listed! : list(index)
            if index + 1 < folder.entries.count {
                let next = list(index + 1)
                listed = next
                _ = WorkerThread.start { FileBytes.prefetch(next.files) }
            }
            summary.rejected += missing
            try await run.ingest(files, for: participant, into: &summary)
        }
        try await run.finish(into: &summary)
    }
}
