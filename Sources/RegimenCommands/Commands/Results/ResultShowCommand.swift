import ArgumentParser
import ResearchTasks

/// `regimen result show FILE`: prints a result tree readably.
struct ResultShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a result file as a readable tree.")

    @Argument(help: ArgumentHelp("A result file (Regimen's or a ResearchKit app's JSON).", valueName: "file"))
    var file: String

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let (_, result) = try workspace.readResult(file)
            print(ResultTreeRenderer.render(result, timeZone: workspace.environment.timeZone))
        }
    }
}
