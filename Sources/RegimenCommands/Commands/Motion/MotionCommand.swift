import ArgumentParser
import Foundation
import RangeOfMotion

/// `regimen motion FILE`: the range of motion of a recorded device-motion file, without running a task.
struct MotionCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Compute the range of motion of a recorded device-motion file, as ResearchKit would."
    )

    @Argument(help: ArgumentHelp("A device-motion recording ({\"items\": [...]} or a bare array).", valueName: "file"))
    var file: String

    @Option(help: "portrait or landscape (default: guessed from the first sample's gravity).")
    var orientation: Orientation?

    @Option(help: "Output format: table or json.")
    var format: MotionReport.Format = .table

    /// What was asked for.
    var request: MotionRequest { MotionRequest(file: file, orientation: orientation, format: format) }

    func run(in app: RegimenApp) throws {
        try request.run(in: app)
    }
}

extension Orientation: ExpressibleByArgument {}
extension MotionReport.Format: ExpressibleByArgument {}
