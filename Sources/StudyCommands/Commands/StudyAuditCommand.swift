import ArgumentParser
import Foundation
import RegimenCommands
import StudyDatabase

/// `regimen study audit`: the study's append-only audit log (docs/study-service.md, "Audit log").
struct StudyAuditCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List who changed the study and when: devices' pushes and enrollments, researchers' commands."
    )

    /// The columns, in order.
    static let columns = ["at_utc", "actor", "role", "action", "device", "detail"]

    @Option(
        help: ArgumentHelp("Only entries from this day on (YYYY-MM-DD, UTC) or instant (ISO 8601).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("table, csv or json.", valueName: "format"))
    var format: OutputFormat = .table

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let from = try since.map { text throws(RegimenError) -> Date in
            if let instant = ISO8601DateFormatter().date(from: text) { return instant }
            let day = ISO8601DateFormatter()
            day.formatOptions = [.withFullDate]
            guard let date = day.date(from: text) else {
                throw .usage(
                    "--since expects a day (2026-03-20) or an instant (2026-03-20T07:00:00Z), not '\(text)'")
            }
            return date
        }
        let events = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            try await StudyTables.call { () async throws(StudyDatabaseError) in
                try await study.auditLog(since: from)
            }
        }
        let cells: [[TableCell]] = events.map { event in
            [
                StudyTableCells.utc(event.at), .text(event.actor), .text(event.role), .text(event.action),
                event.deviceID.map { .text($0.uuidString.lowercased()) } ?? .empty, .text(event.detail),
            ]
        }
        try StudyTables.print(cells, columns: Self.columns, format: format, empty: "no audit entries")
    }
}
