import Foundation
import RangeOfMotion
import SystemPackage

/// What `regimen motion` was asked for: the recording, the orientation (nil: guessed) and the output format.
struct MotionRequest: Equatable, Sendable {
    var file: String
    var orientation: Orientation?
    var format: MotionReport.Format = .table

    /// Measures the recording and prints the report.
    func run(in app: RegimenApp) throws(RegimenError) {
        let workspace = try Workspace.live(app)
        let url = workspace.environment.url(forPath: file)
        try InputFile.require(FilePath(url.path))
        let measurement: RangeOfMotionMeasurement
        do throws(MotionRecordingError) {
            // Streamed: the samples are measured as they are read, never held.
            measurement = try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path), orientation: orientation)
        } catch {
            if case .file(let failure) = error { throw RegimenError.file(failure) }
            throw RegimenError.badData("\(error)")  // the error names the file, item and field
        }
        print(MotionReport(measurement: measurement, fileName: url.lastPathComponent).render(format))
    }
}
