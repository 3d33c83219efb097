import ArgumentParser
import Foundation
import RegimenCommands
import StudyDatabase

/// `regimen study conflicts`: every decision of the sync conflict rule, oldest first (docs/study-sync.md, "The
/// conflict rule").
struct StudyConflictsCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the sync conflicts the study database decided: rule, winner and loser, oldest first."
    )

    /// The columns, in order.
    static let columns = ["participant", "decided_utc", "rule", "task", "occurrence", "winner", "loser", "device"]

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @OptionGroup var tableOptions: ParticipantTableOptions

    func run(in app: RegimenApp) async throws {
        try await StudyTables.printRows(
            databaseOptions, tableOptions, columns: Self.columns, empty: "no conflicts",
            read: { study, label async throws(StudyDatabaseError) in try await study.conflicts(label: label) },
            cells: Self.cells)
    }

    static func cells(_ row: ConflictRow) -> [TableCell] {
        [
            .text(row.participant), StudyTableCells.utc(row.decidedAt), .text(row.rule),
            StudyTableCells.text(row.taskID),
            row.occurrence.map { .integer($0) } ?? .empty, .text(row.winner.uuidString.lowercased()),
            .text(row.loser.uuidString.lowercased()), StudyTableCells.text(row.deviceID?.uuidString.lowercased()),
        ]
    }
}
