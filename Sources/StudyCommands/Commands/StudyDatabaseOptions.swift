import ArgumentParser
import RegimenCommands
import StudyDatabase

/// `--database URL`, `--role ROLE` and `--study ID`, shared by every `study` command, with their environment variables
/// (docs/study-database.md, "Connecting").
struct StudyDatabaseOptions: ParsableArguments {
    /// Every environment variable the study commands read (`RegimenEnvironment.live(reading:)` gathers them).
    static let variables = [urlVariable, roleVariable, studyVariable, passwordVariable]

    /// The process's environment with the study commands' variables.
    static func environment() throws(RegimenError) -> RegimenEnvironment {
        try RegimenEnvironment.live(reading: variables)
    }

    /// The environment variable holding the database URL.
    static let urlVariable = "REGIMEN_DATABASE_URL"
    /// libpq's environment variable for a password the URL leaves out.
    static let passwordVariable = "PGPASSWORD"
    /// The environment variable naming the role to take.
    static let roleVariable = "REGIMEN_DATABASE_ROLE"
    /// The environment variable naming the study.
    static let studyVariable = "REGIMEN_STUDY"

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "The study database, postgres://USER@HOST:PORT/DATABASE (default: $REGIMEN_DATABASE_URL). Keep a password "
                + "out of the command line: put it in $PGPASSWORD or in the environment variable's URL.",
            valueName: "url"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "The database role to act as, e.g. regimen_reader or regimen_publisher (default: $REGIMEN_DATABASE_ROLE, else the login's own).",
            valueName: "role"))
    var role: String?

    @Option(
        help: ArgumentHelp("The study's id (default: $REGIMEN_STUDY, else the database's only study).", valueName: "id")
    )
    var study: String?

    /// The database URL, read.
    func url(_ environment: RegimenEnvironment) throws(RegimenError) -> DatabaseURL {
        guard let text = database ?? environment.variables[Self.urlVariable], !text.isEmpty else {
            throw .usage(
                "no study database: pass --database postgres://USER@HOST:PORT/DATABASE or set \(Self.urlVariable)")
        }
        do {
            var url = try DatabaseURL(parsing: text)
            if url.password == nil, let password = environment.variables[Self.passwordVariable], !password.isEmpty {
                url.password = password
            }
            return url
        } catch {
            throw .study(error)
        }
    }

    /// The role to take, if any.
    func roleName(_ environment: RegimenEnvironment) -> String? {
        (role ?? environment.variables[Self.roleVariable]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The study's id, if named.
    func studyID(_ environment: RegimenEnvironment) -> String? {
        (study ?? environment.variables[Self.studyVariable]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Opens the study, runs `body` on it and closes it, whatever happens.
    func withStudy<Result>(
        _ environment: RegimenEnvironment, _ body: (StudyDatabase) async throws(RegimenError) -> Result
    ) async throws(RegimenError) -> Result {
        let url = try url(environment)
        let role = roleName(environment)
        let studyID = studyID(environment)
        let study: StudyDatabase
        do throws(StudyDatabaseError) {
            study = try await StudyDatabase.open(url: url, role: role, studyID: studyID)
        } catch {
            throw .study(error)
        }
        do throws(RegimenError) {
            let result = try await body(study)
            await study.close()
            return result
        } catch {
            await study.close()
            throw error
        }
    }
}
