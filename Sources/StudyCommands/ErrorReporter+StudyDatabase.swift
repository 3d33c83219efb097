import CareModel
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase
import StudySync

extension StudyDatabaseError: ReportedError {
    /// The message: "study database: …".
    package var text: String { "study database: " + ErrorReporter.text(for: self) }
    /// The exit code.
    package var exitCode: Int32 { ErrorReporter.exitCode(for: self) }
    /// The server's text, for --debug.
    package var debugDetail: String? { ErrorReporter.detail(for: self) }
}

extension RegimenError {
    /// A study database error, reported with its own words and exit code.
    static func study(_ error: StudyDatabaseError) -> RegimenError { .reported(error) }

    /// A sync bundle that cannot be read or written, naming `file` and the place in it.
    static func sync(_ error: SyncBundleError, file: String) -> RegimenError {
        switch error {
        case .malformed(let place, let problem): .badData("\(file): \(place): \(problem)")
        }
    }

    /// A sync's error, reported as the store's or the study database's.
    static func sync(_ error: StoreSyncError) -> RegimenError {
        switch error {
        case .store(let error): .store(error)
        case .service(let error): .reported(error)
        case .database(let error): .study(error)
        }
    }
}

/// Wording and exit codes of study database errors: part of the one rendering place, `ErrorReporter`. No text holds a
/// password or SQL; the server's own text is `detail`, shown with --debug.
extension ErrorReporter {
    /// The exit code of a study database error.
    static func exitCode(for error: StudyDatabaseError) -> Int32 {
        switch error {
        case .invalidURL, .studyNotFound, .studyNotNamed, .invalidStudyID, .invalidLabel, .invalidTimeZone,
            .participantNotFound:
            Code.usage
        case .participantExists: Code.failure
        case .revisionConflict: Code.tryAgain
        case .taskRemoved, .scheduleUnusable: Code.badData
        case .corruptRow, .participantWithdrawn: Code.failure
        case .enrollmentCodeInvalid: Code.notPermitted
        case .deviceUnknown, .storeDiverged: Code.failure
        case .unknownTaskVersion, .unknownOutcome, .unstorableText: Code.badData
        case .unreachable, .connectionLost: Code.unavailable
        case .authenticationFailed, .permissionDenied, .roleUnavailable: Code.notPermitted
        case .databaseMissing, .notInitialized, .schemaOutdated, .schemaTooNew, .failed: Code.failure
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
        case .notInitialized(let database):
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
        case .invalidLabel(let label):
            "'\(label)' cannot be a participant label: use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit"
        case .invalidTimeZone(let zone):
            "'\(zone)' is not an IANA time zone id: use a place's zone such as Europe/Berlin or America/Los_Angeles "
                + "(abbreviations like CET and offsets like GMT+1 do not follow daylight-saving rules)"
        case .participantExists(let label):
            "the study already has a participant '\(label)' (labels stay taken after withdrawal); nothing was changed"
        case .participantNotFound(let label):
            "the study has no participant '\(label)' (study participants lists them)"
        case .revisionConflict(let expected, let current):
            "the study is at revision \(current), not \(expected): someone published since; review `study revisions` "
                + "and publish again with --expect-revision \(current). Nothing was changed"
        case .taskRemoved(let taskID, let revision):
            "task '\(taskID)' was removed in revision \(revision) and cannot come back: give its survey a new id; "
                + "nothing was changed"
        case .scheduleUnusable(let taskID, let label, let reason):
            "the schedule of task '\(taskID)' cannot be made for participant '\(label)': \(reason); nothing was changed"
        case .participantWithdrawn(let label, let withdrawnAt):
            "participant '\(label)' withdrew at \(ISODateTime(utc: withdrawnAt).text): their data is kept, but nothing "
                + "new is ingested for them; nothing was changed"
        case .corruptRow(let what, _):
            "\(what) in the study database cannot be read; nothing was changed (--debug shows the reason)"
        case .failed(let operation, _, _):
            "cannot \(operation); nothing was changed (--debug shows the server's reason)"
        case .connectionLost(let server, let operation, _):
            "the connection to \(server) ended while trying to \(operation) (the server stopped or the network went); "
                + "what was not committed was not changed: run the command again (--debug shows the reason)"
        case .enrollmentCodeInvalid:
            "the enrollment code is not valid: it may be mistyped, used already or expired (codes last "
                + "\(Int(StudyDatabase.enrollmentCodeLifetime / 86_400)) days); ask the study team for a new one. Nothing was changed"
        case .deviceUnknown(let device):
            "the study database has no device \(device.uuidString.lowercased()): this store was enrolled with another "
                + "database or study; nothing was changed"
        case .storeDiverged(let device, let seq):
            "this store's change \(seq) differs from what device \(device.uuidString.lowercased()) sent before: the "
                + "store is a copy of another device's or a restored backup. Nothing was sent. Ask the study team for a "
                + "new code and run `regimen enroll CODE --new-device`; answers the study already has are not duplicated"
        case .unknownTaskVersion(let uuid):
            "an answer in this store belongs to task version \(uuid.uuidString.lowercased()), which the study does not "
                + "give this participant; nothing was sent"
        case .unstorableText(let outcome, let field):
            "answer \(outcome.uuidString.lowercased()) in this store: \(field) holds the character U+0000, which the study "
                + "database cannot store; nothing was sent"
        case .unknownOutcome(let uuid):
            "this store deleted answer \(uuid.uuidString.lowercased()), which the study database does not have; "
                + "nothing was sent"
        }
    }

    /// The server's or the library's text behind a study database error, for --debug.
    static func detail(for error: StudyDatabaseError) -> String? {
        switch error {
        case .unreachable(_, let detail), .connectionLost(_, _, let detail): detail
        case .corruptRow(_, let reason): reason
        case .failed(_, let state, let detail): state.map { "SQLSTATE \($0): \(detail)" } ?? detail
        default: nil
        }
    }

    /// Why study ingest refused one file (listed as `file: reason`); days are the participant's, in `calendar`.
    static func text(for refusal: StudyIngestRefusal, calendar: Calendar) -> String {
        switch refusal {
        case .rules(.taskNotFound(let id)): "the participant has no task '\(id)': publish it first (study publish)"
        case .rules(.taskDeleted(let id)): "task '\(id)' was removed from the study's surveys"
        case .rules(.noEventOnDay(let task, let day)):
            "task '\(task)' has no event on \(DayText.iso(day, calendar: calendar)) in the participant's home zone"
        case .beforeSchedule(let task, let first):
            "endDate: the run ended before the participant's schedule of task '\(task)' starts "
                + "(\(DayText.iso(first, calendar: calendar)))"
        case .nulCharacter(let field):
            "\(field) holds the character U+0000, which the study database cannot store"
        }
    }
}
