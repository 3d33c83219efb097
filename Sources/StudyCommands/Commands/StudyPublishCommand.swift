import ArgumentParser
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// `regimen study publish [--surveys DIR] --expect-revision N [--dry-run]`: publishes the survey folder as the
/// study's next revision (docs/study-database.md, "Publishing and revisions").
struct StudyPublishCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish the survey folder as the study's next revision.",
        discussion: """
            One transaction: the study must be at --expect-revision N (else exit 75 and nothing changes). Each \
            participant not withdrawn gets new versions of changed tasks from their next local midnight (later when \
            an answered event is in the way), first versions of added tasks, and tombstones of removed ones. \
            --dry-run prints the same report and changes nothing.
            """
    )

    @OptionGroup var surveyOptions: SurveyOptions

    @Option(help: ArgumentHelp("The revision the study is at now (0 before the first publish).", valueName: "n"))
    var expectRevision: Int

    @Flag(help: "Report what publishing would do, and change nothing.")
    var dryRun = false

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func validate() throws {
        guard expectRevision >= 0 else { throw ValidationError("--expect-revision must be 0 or more") }
    }

    func run(in app: RegimenApp) async throws {
        let workspace = Workspace(environment: try StudyDatabaseOptions.environment(), app: app)
        let environment = workspace.environment
        let catalog = try workspace.loadCatalog(surveyOptions).catalog
        let tasks = SurveyPublication.tasks(of: catalog)
        let now = environment.clock.now()
        let (expected, dryRun) = (expectRevision, self.dryRun)
        let report = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            do throws(StudyDatabaseError) {
                return try await study.publish(
                    tasks: tasks, expecting: expected, now: now, dryRun: dryRun, schedules: StudySchedules.maker)
            } catch {
                throw .study(error)
            }
        }
        print(PublishReportText.text(report, previous: expected), terminator: "")
    }
}
