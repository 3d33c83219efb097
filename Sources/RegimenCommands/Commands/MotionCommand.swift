import ArgumentParser
import Foundation
import RangeOfMotion

/// `regimen motion FILE`: the range of motion of a recorded device-motion file, without running a task.
struct MotionCommand: ParsableCommand {
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

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let url = workspace.environment.url(forPath: file)
            try InputFile.require(url.path)
            let measurement: RangeOfMotionMeasurement
            do {
                // Streamed: the samples are measured as they are read, never held.
                measurement = try RangeOfMotionCalculator.measure(contentsOf: url, orientation: orientation)
            } catch {
                throw RegimenError.badData("\(error)")  // the error names the file, item and field
            }
            print(MotionReport(measurement: measurement, fileName: url.lastPathComponent).render(format))
        }
    }
}

extension Orientation: ExpressibleByArgument {}
extension MotionReport.Format: ExpressibleByArgument {}
