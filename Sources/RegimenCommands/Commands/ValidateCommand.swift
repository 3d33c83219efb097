import ArgumentParser
import Catalog
import Foundation

/// `regimen validate [DIR]`: checks a survey folder and says what it found.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a folder of survey files and list every problem."
    )

    @Argument(help: ArgumentHelp("Survey folder (default: the one regimen would use).", valueName: "dir"))
    var directory: String?

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let loaded = try workspace.loadCatalog(explicit: directory)
            let catalog = loaded.catalog
            print("\(catalog.directory.path) (\(loaded.source)): \(catalog.entries.count) surveys, no problems")
            let extractors = workspace.extractors(for: catalog)
            for entry in catalog.entries {
                let steps = entry.task.steps.count
                // Kinds come from the extractor in force: a study's Swift extractor wins over the file's `outcomes:`.
                let kinds = extractors.extractor(forTask: entry.taskIdentifier)?.producedKinds.map(\.kind) ?? []
                let outcomes = kinds.isEmpty ? "no outcomes" : "outcomes \(kinds.joined(separator: ", "))"
                let stepText = steps == 1 ? "1 step" : "\(steps) steps"
                print("  \(entry.file.lastPathComponent): task \(entry.taskIdentifier) \"\(entry.title)\", \(stepText), \(outcomes)")
            }
        }
    }
}
