import StudyDatabase

/// Wording and exit codes of study database errors: part of the one rendering place, `ErrorReporter`. No text holds a
/// password or SQL; the server's own text is `detail`, shown with --debug.
extension ErrorReporter {
    /// The exit code of a study database error.
    static func exitCode(for error: StudyDatabaseError) -> Int32 {
        switch error {
        case .invalidURL, .studyNotFound, .studyNotNamed, .invalidStudyID, .participantNotFound: Code.usage
        case .unreachable: Code.unavailable
        case .authenticationFailed, .permissionDenied, .roleUnavailable: Code.notPermitted
        case .databaseMissing, .notInitialised, .schemaOutdated, .schemaTooNew, .failed, .unknownTimeZone,
            .unreadableSchedule, .unreadableRevision:
            Code.failure
        }
    }

    /// The text of a study database error.
    static func text(for error: StudyDatabaseError) -> String {
        switch error {
        case .invalidURL(let reason):
            "the database URL cannot be used: \(reason)"
        case .unreachable(let server, _):
            "no PostgreSQL server answers at \(server); nothing was changed (--debug shows the reason)"
        case .authenticationFailed(let server, let user):
            "\(server) refused the login of role '\(user)': check the user name and password (in the URL or "
                + "PGPASSWORD); nothing was changed"
        case .databaseMissing(let server, let database):
            "\(server) has no database '\(database)'; create it (createdb \(database)) and run study init"
        case .permissionDenied(let operation, let role):
            "role '\(role)' may not \(operation); nothing was changed. Use a role that is a member of "
                + "\(AccessRoles.publisher) (--role) for changes"
        case .roleUnavailable(let role):
            "cannot act as role '\(role)': it does not exist or this login is not a member of it"
        case .notInitialised(let database):
            "database '\(database)' holds no Regimen study; create one with study init --study ID"
        case .schemaOutdated(let found, let current):
            "the study schema is at version \(found), this program needs \(current): run study init to migrate it"
        case .schemaTooNew(let found, let current):
            "the study schema is at version \(found), newer than this program's \(current): use a newer Regimen"
        case .studyNotFound(let id, let known):
            "no study '\(id)' in this database" + (known.isEmpty ? "" : " (studies: \(known.joined(separator: ", ")))")
        case .studyNotNamed(let known):
            known.isEmpty
                ? "this database holds no study yet; create one with study init --study ID"
                : "this database holds several studies (\(known.joined(separator: ", "))); name one with --study"
        case .invalidStudyID(let id):
            "'\(id)' cannot be a study id: use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit"
        case .failed(let operation, _, _):
            "cannot \(operation); nothing was changed (--debug shows the server's reason)"
        case .participantNotFound(let label):
            "the study has no participant '\(label)' (study status lists them)"
        case .unknownTimeZone(let participant, let zone):
            "participant \(participant): the home time zone '\(zone)' is not known to this system (update its time zone data)"
        case .unreadableSchedule(let participant, let task):
            "participant \(participant): the stored schedule of task '\(task)' cannot be read; republish the task"
        case .unreadableRevision(let revision):
            "study revision \(revision): its published surveys cannot be read"
        }
    }

    /// The server's or the library's text behind a study database error, for --debug.
    static func detail(for error: StudyDatabaseError) -> String? {
        switch error {
        case .unreachable(_, let detail): detail
        case .failed(_, let state, let detail): state.map { "SQLSTATE \($0): \(detail)" } ?? detail
        default: nil
        }
    }
}
