import ArgumentParser
import RegimenCommands
import StudyDatabase

/// `regimen study revisions`: every published revision with what it changed (docs/study-database.md, "Publishing
/// and revisions").
struct StudyRevisionsCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "revisions",
        abstract: "List the published revisions: when, by whom, and the tasks added, changed and removed."
    )

    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func validate() throws {
        guard format != .csv else { throw ValidationError("study revisions prints table or json, not csv") }
    }

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let revisions = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            do throws(StudyDatabaseError) {
                return try await study.revisions()
            } catch {
                throw .study(error)
            }
        }
        print(format == .json ? RevisionText.json(revisions) : RevisionText.listing(revisions), terminator: "")
    }
}
