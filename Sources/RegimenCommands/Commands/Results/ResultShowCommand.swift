import ArgumentParser
import ResearchTasks

/// `regimen result show FILE`: prints a result tree readably, or back as ResearchKit JSON.
struct ResultShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print a result file as a readable tree, or back as ResearchKit JSON.",
        discussion: """
            With --format json the tree is written as ResearchKit's serializer writes it; a file read from a \
            ResearchKit app comes back equal to itself as JSON (keys, classes and values Regimen does not model, \
            each date's own UTC offset), apart from key order and number formatting.
            """)

    /// How the tree is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// The readable tree.
        case text
        /// ResearchKit serializer JSON.
        case json
    }

    @Argument(help: ArgumentHelp("A result file (Regimen's or a ResearchKit app's JSON).", valueName: "file"))
    var file: String

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let (_, result) = try workspace.readResult(file)
            let timeZone = workspace.environment.timeZone
            switch format {
            case .text: print(ResultTreeRenderer.render(result, timeZone: timeZone))
            case .json: print(ResultFileCodec.encodedText(result, timeZone: timeZone), terminator: "")
            }
        }
    }
}
