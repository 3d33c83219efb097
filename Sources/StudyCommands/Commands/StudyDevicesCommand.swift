import ArgumentParser
import Foundation
import RegimenCommands
import StudyDatabase

/// `regimen study devices`: every enrolled device — when it last synced, how much of its outbox the study holds, and
/// how far its clock was off (docs/study-sync.md, "Devices").
struct StudyDevicesCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the participants' devices: last sync, changes received, clock offset, access to the service."
    )

    /// The columns, in order.
    static let columns = [
        "participant", "device", "enrolled_utc", "last_sync_utc", "changes_received", "clock_offset_s", "clock",
        "access",
        "token_used_utc",
    ]

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @OptionGroup var tableOptions: ParticipantTableOptions

    func run(in app: RegimenApp) async throws {
        try await StudyTables.printRows(
            databaseOptions, tableOptions, columns: Self.columns, empty: "no devices",
            read: { study, label async throws(StudyDatabaseError) in try await study.allDevices(label: label) },
            cells: { Self.cells(participant: $0.participant, $0.device) })
    }

    /// `active`, `revoked`, or `none` (enrolled from a bundle or before the service).
    static func access(_ access: DeviceRow.Access) -> TableCell {
        switch access {
        case .none: .text("none")
        case .active: .text("active")
        case .revoked: .text("revoked")
        }
    }

    /// A device's cells; `clock` says `off` when its clock was further from the server's than
    /// `SyncText.clockTolerance`.
    static func cells(participant: String, _ device: DeviceRow) -> [TableCell] {
        let offset = device.clockOffsetMilliseconds.map { Double($0) / 1000 }
        return [
            .text(participant), .text(device.id.uuidString.lowercased()), StudyTableCells.utc(device.enrolledAt),
            StudyTableCells.utc(device.lastSyncAt), .integer(Int(device.ackedLocalSeq)),
            offset.map(TableCell.number) ?? .empty,
            offset.map { .text(abs($0) > SyncText.clockTolerance ? "off" : "ok") } ?? .empty, access(device.access),
            StudyTableCells.utc(device.tokenLastUsedAt),
        ]
    }
}
