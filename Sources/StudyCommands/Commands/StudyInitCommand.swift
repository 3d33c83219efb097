import ArgumentParser
import RegimenCommands
import StudyDatabase

/// `regimen study init --database URL --study ID`: creates or migrates the study schema and the study.
struct StudyInitCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create or migrate the study schema in a PostgreSQL database, and the study.",
        discussion: "Idempotent: running it again migrates to the current schema and changes nothing else."
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        guard let studyID = databaseOptions.studyID(environment) else {
            throw RegimenError.usage("study init needs --study ID (or \(StudyDatabaseOptions.studyVariable))")
        }
        let url = try databaseOptions.url(environment)
        let role = databaseOptions.roleName(environment)
        let report: StudyDatabase.InitReport
        do throws(StudyDatabaseError) {
            report = try await StudyDatabase.initialize(url: url, role: role, studyID: studyID)
        } catch {
            throw RegimenError.study(error)
        }
        let schema =
            report.schemaFrom == report.schemaTo
            ? "schema \(report.schemaTo) (current)"
            : report.schemaFrom == 0
                ? "schema \(report.schemaTo) created" : "schema migrated \(report.schemaFrom) → \(report.schemaTo)"
        print(
            "\(url.database) on \(url.server): \(schema); study '\(studyID)' \(report.studyCreated ? "created at revision 0" : "exists")"
        )
        if report.roles == .notAllowed {
            ErrorReporter.warn(
                "the roles \(AccessRoles.reader) and \(AccessRoles.publisher) were not created: this login may not "
                    + "create roles; run study init once as the database owner with CREATEROLE",
                commandName: app.commandName)
        }
    }
}
