import ArgumentParser
import CareModel
import CareStore
import Foundation

/// `regimen changes [--since ANCHOR]`: the outcomes added, replaced, deleted or superseded since an anchor, and the
/// anchor to pass next time — an exporter calling it repeatedly sees every change exactly once.
struct ChangesCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "List outcome changes since an anchor, with the new anchor to pass next time."
    )

    @Option(
        name: .long,
        help: ArgumentHelp("The anchor a previous call returned (default: from the beginning).", valueName: "anchor"))
    var since: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var storeOptions: StoreOptions

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        var anchor = ChangeAnchor.empty
        if let since {
            guard let parsed = ChangeAnchor(since) else {
                throw RegimenError.usage(
                    "--since: '\(since)' is not an anchor (a number printed by an earlier call)")
            }
            anchor = parsed
        }
        let path = workspace.storePath(storeOptions.store)
        let store = try storeCall { () throws(CareStoreError) in try CareStore(path: path, connection: .single) }
        let batch = try storeCall { () throws(CareStoreError) in try store.changes(since: anchor) }
        var taskIDs: [UUID: String] = [:]
        for version in Set(batch.changes.map(\.outcome.taskVersionUUID)) {
            let task = try storeCall { () throws(CareStoreError) in try store.taskVersion(uuid: version) }
            if let task { taskIDs[version] = task.id }
        }
        print(ChangeListing(batch: batch, taskIDs: taskIDs, timeZone: environment.timeZone).render(format))
    }
}
