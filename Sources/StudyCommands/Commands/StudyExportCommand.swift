import ArgumentParser
import Foundation
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase
import SystemPackage

/// `regimen study export --out DIR`: every researchers' table and a manifest in a new owner-only folder, written under
/// a temporary name and renamed into place, so a killed export leaves no half-written folder
/// (docs/study-database.md, "What researchers read").
struct StudyExportCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write outcomes (long and wide), adherence, the dictionary, participants and revisions to a new folder.",
        discussion: """
            DIR must not exist or be empty. It is created 0700, its files 0600, and appears whole or not at all. \
            manifest.json names the study, its revision, the schema version, when it was written, and each file's \
            row count and SHA-256. --format redcap writes REDCap's data dictionary, its import file and the \
            conditions its branching logic cannot hold instead of the tables. --deidentify codes participants, moves \
            their dates, leaves out free text, zones and UTC instants, and says so in deidentification.json.
            """
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @Option(help: ArgumentHelp("The folder to create.", valueName: "dir"))
    var out: String

    @Option(
        help: """
            csv (default); redcap (REDCap's dictionary and import file); or the CSV export and the outcome tables, \
            labelled, for spss (.sav), stata (.dta), sas (.xpt) or r (CSV and .R script).
            """)
    var format: StudyExportFormat = .csv

    @Flag(help: "Code participants, move dates, leave out free text and zones (docs/deidentified-exports.md).")
    var deidentify = false

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let now = environment.clock.now()
        let target = FilePath(environment.url(forPath: out, isDirectory: true).standardizedFileURL.path)
        try StudyExport.checkTarget(target)
        let (format, deidentify) = (format, deidentify)
        let written = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            try await StudyExport.write(
                study, to: target, now: now, format: format, deidentify: deidentify,
                progress: environment.stderrIsTerminal)
        }
        print("exported \(written) files to \(target.string)")
    }
}

/// The files of `study export` and the folder they are written in.
enum StudyExport {
    /// The files, in the order written (the manifest last).
    static let files = [
        "outcomes-long.csv", "outcomes-wide.csv", "adherence.csv", "dictionary.csv", "participants.csv",
        "revisions.json",
        "manifest.json",
    ]

    /// The files of `--format redcap`, in the order written (docs/redcap.md).
    static let redcapFiles = ["redcap-dictionary.csv", "redcap-import.csv", "redcap-branching.csv", "manifest.json"]

    /// Every file an export may write (what a failed one removes).
    static let allFiles = files + redcapFiles + [Deidentification.manifestName]

    /// Refuses a target that exists and is not an empty folder.
    static func checkTarget(_ target: FilePath) throws(RegimenError) {
        switch FileKind(of: target) {
        case .missing: return
        case .other: throw .folderTaken(path: target, isFolder: false)
        case .folder:
            // A folder that cannot be listed is checked again at the end: the rename refuses a folder holding files.
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: target.string)) ?? []
            guard entries.isEmpty else { throw .folderTaken(path: target, isFolder: true) }
        }
    }

    /// Writes every file into a temporary folder beside `target`, then renames it to `target`; returns the number
    /// of files. On failure the temporary folder is removed. `progress`: a progress bar for the analysis files.
    static func write(
        _ study: StudyDatabase, to target: FilePath, now: Date, format: StudyExportFormat = .csv,
        deidentify: Bool = false, progress: Bool = false
    ) async throws(RegimenError) -> Int {
        let temporary = PrivateFiles.temporaryPath(beside: target)
        do throws(FileError) {
            try PrivateFiles.makeFolder(temporary)
        } catch {
            throw .file(error)
        }
        do throws(RegimenError) {
            var entries: [(name: String, rows: Int, sha256: String)] = []
            func file(_ name: String, _ body: (TableOutput) async throws(RegimenError) -> Void)
                async throws(RegimenError)
            {
                let output = try TableOutput.file(temporary.appending(name))
                do throws(RegimenError) {
                    try await body(output)
                    let digest = try output.finish()
                    entries.append((name, output.rows, digest))
                } catch {
                    output.abandon()
                    throw error
                }
            }
            let all = ReadFilter()
            let deidentifier = try await deidentify ? Deidentifier.load(study) : nil
            switch format {
            case .csv, .spss, .stata, .sas, .r:
                try await file("outcomes-long.csv") { output async throws(RegimenError) in
                    try await StudyTables.long(study, all, format: .csv, to: output, deidentifier: deidentifier)
                }
                try await file("outcomes-wide.csv") { output async throws(RegimenError) in
                    try await StudyTables.wide(
                        study, all, now: now, format: .csv, to: output, deidentifier: deidentifier)
                }
                try await file("adherence.csv") { output async throws(RegimenError) in
                    try await StudyTables.adherence(
                        study, all, byWeek: false, now: now, format: .csv, to: output, deidentifier: deidentifier)
                }
                try await file("dictionary.csv") { output async throws(RegimenError) in
                    try await StudyTables.dictionary(study, format: .csv, to: output, deidentified: deidentify)
                }
                try await file("participants.csv") { output async throws(RegimenError) in
                    try await StudyTables.participants(study, format: .csv, to: output, deidentifier: deidentifier)
                }
                if let analysis = format.analysis, analysis != .csv {
                    try await AnalysisExport.write(
                        study, format: analysis, now: now, folder: temporary, progress: progress,
                        deidentifier: deidentifier, file: file)
                }
                // The revisions name when they were published: a real date, so a de-identified export has none.
                if !deidentify {
                    let revisions = try await StudyTables.call { () async throws(StudyDatabaseError) in
                        try await study.publishedRevisions()
                    }
                    try await file("revisions.json") { output async throws(RegimenError) in
                        try output.write(revisionsJSON(revisions))
                        output.rows = revisions.count
                    }
                }
            case .redcap:
                let project = try await REDCapTables.project(study, deidentified: deidentify)
                try await file("redcap-dictionary.csv") { output async throws(RegimenError) in
                    try REDCapTables.dictionary(project, to: output)
                }
                try await file("redcap-import.csv") { output async throws(RegimenError) in
                    try await REDCapImport.write(
                        study, project: project, now: now, deidentifier: deidentifier, to: output)
                }
                try await file("redcap-branching.csv") { output async throws(RegimenError) in
                    try REDCapTables.notExpressed(project, to: output)
                }
            }
            if deidentify {
                let leftOut = try await StudyTables.freeTextVariables(study)
                try await file(Deidentification.manifestName) { output async throws(RegimenError) in
                    try output.write(JSONWriter.prettyText(Deidentification.manifest(leftOut: leftOut)) + "\n")
                }
            }
            let revision = try await StudyTables.call { () async throws(StudyDatabaseError) in
                try await study.currentRevision()
            }
            var fields: [(String, JSONValue)] = [
                ("study", .string(study.studyID)), ("revision", .integer(revision)),
                ("schema_version", .integer(StudyDatabase.schemaVersion)), ("format", .string(format.rawValue)),
                ("deidentified", .bool(deidentify)),
            ]
            // When it was written is a real date too.
            if !deidentify { fields.append(("generated_at", .string(StudyCalendar.utcText(now)))) }
            fields.append(
                (
                    "files",
                    .array(
                        entries.map {
                            .object(["name": .string($0.name), "rows": .integer($0.rows), "sha256": .string($0.sha256)])
                        })
                ))
            let manifest = JSONValue.object(JSONObject(fields))
            try await file("manifest.json") { output async throws(RegimenError) in
                try output.write(JSONWriter.prettyText(manifest) + "\n")
            }
            do throws(FileError) {
                try PrivateFiles.moveFolder(temporary, to: target)
            } catch {
                throw .file(error)
            }
            return entries.count
        } catch {
            PrivateFiles.removeFolder(temporary, files: allFiles + (format.analysis?.addedFiles ?? []))
            throw error
        }
    }

    /// `revisions.json`: an array of the revisions, their surveys and changes as the database keeps them.
    static func revisionsJSON(_ revisions: [PublishedRevision]) -> String {
        var text = "["
        for (index, revision) in revisions.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"revision\": \(revision.revision), \"published_at\": "
            JSONWriter.appendQuoted(StudyCalendar.utcText(revision.publishedAt), into: &text)
            text += ", \"published_by\": "
            JSONWriter.appendQuoted(revision.publishedBy, into: &text)
            text += ", \"surveys\": \(revision.surveysJSON), \"changes\": \(revision.changesJSON)}"
        }
        return text + (revisions.isEmpty ? "]\n" : "\n]\n")
    }
}
