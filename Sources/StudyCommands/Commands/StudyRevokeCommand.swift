import ArgumentParser
import Foundation
import RegimenCommands
import StudyDatabase

/// `regimen study revoke DEVICE`: cuts a device off the study service at once (docs/study-service.md, "Tokens").
struct StudyRevokeCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract:
            "Cut a device off the study service at once; the answers it sent stay (regimen study devices lists them)."
    )

    @Argument(help: ArgumentHelp("The device's id, as regimen study devices lists it.", valueName: "device"))
    var device: String

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        guard let id = UUID(uuidString: device) else {
            throw RegimenError.usage("'\(device)' is not a device id: regimen study devices lists them")
        }
        let environment = try StudyDatabaseOptions.environment()
        let revoked = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            try await StudyTables.call { () async throws(StudyDatabaseError) in try await study.revoke(deviceID: id)
            }
        }
        print(
            revoked == 0
                ? "device \(id.uuidString.lowercased()) had no live token: nothing to revoke"
                : "revoked device \(id.uuidString.lowercased()): its next request is refused; its answers stay")
    }
}
