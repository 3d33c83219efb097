import Foundation
import RangeOfMotion
import ResearchTasks
import SystemPackage

/// The device-motion recordings a range-of-motion result references by file name (an `ORKFileResult` beside the
/// `ORKRangeOfMotionResult`), read from the result file's folder when they are there: a recording whose attitudes
/// cannot be attitudes (`RecordedAttitude`) means the stored angles came from wrong numbers.
enum AttachedRecordings {
    /// The first problem of a recording referenced by `result` (read at `resultPath`), as "place: problem"; nil when
    /// every recording present is sound. Recordings that are not beside the file are not required.
    static func problem(in result: TaskResult, resultPath: String) -> String? {
        for (stepIndex, step) in result.results.enumerated() {
            guard step.results.contains(where: { if case .rangeOfMotion = $0 { true } else { false } }) else {
                continue
            }
            for (childIndex, child) in step.results.enumerated() {
                guard case .file(let file) = child, let name = file.fileName, !name.isEmpty, !name.contains("/"),
                    name.lowercased().hasSuffix(".json")
                else { continue }
                // Built only here: most files reference no recording, and URLs cost more than the check.
                let url = URL(fileURLWithPath: resultPath).deletingLastPathComponent().appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                do {
                    _ = try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path))  // streamed check
                } catch {
                    let inner = if case .inFile(_, let inner) = error { inner } else { error }
                    return "results[\(stepIndex)].results[\(childIndex)] (\(step.identifier)/\(file.identifier)): "
                        + "recording \(name): \(inner)"
                }
            }
        }
        return nil
    }
}
