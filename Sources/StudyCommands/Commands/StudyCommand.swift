package import ArgumentParser
import RegimenCommands

/// `regimen study …`: a study of many participants in a PostgreSQL database (docs/study-database.md).
package struct StudyCommand: ParsableCommand {
    /// The group's configuration.
    package static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Run a study of many participants in a PostgreSQL database.",
        discussion: """
            The database comes from --database or $REGIMEN_DATABASE_URL; --role (or $REGIMEN_DATABASE_ROLE) acts as \
            regimen_reader or regimen_publisher. See docs/study-database.md.
            """,
        subcommands: [
            StudyInitCommand.self, StudyEnrollCommand.self, StudyWithdrawCommand.self, StudyParticipantsCommand.self,
            StudyPublishCommand.self, StudyRevisionsCommand.self, StudyIngestCommand.self, StudyOutcomesCommand.self,
            StudyAdherenceCommand.self, StudyDictionaryCommand.self, StudyStatusCommand.self, StudyExportCommand.self,
            StudyCodeCommand.self, StudyDevicesCommand.self, StudyConflictsCommand.self, StudyImportCommand.self,
            StudyServeCommand.self, StudyRevokeCommand.self, StudyAuditCommand.self,
        ]
    )

    /// Creates the command.
    package init() {}
}

extension StudyCommand {
    /// The commands `regimen-study` adds to Regimen's own: the study group, and the participant's `enroll` and `sync`
    /// (they link the PostgreSQL client too), and the hidden `consent-pdf` that `regimen run` asks for the PDF of a
    /// signed consent (it links Pango and cairo).
    package static let programCommands: [any ParsableCommand.Type] = [
        StudyCommand.self, EnrollCommand.self, SyncCommand.self, ConsentPDFCommand.self,
    ]
}
