import Foundation
import ParticipantWords
import RangeOfMotion
import ResearchTasks
import Synchronization
import SystemPackage
import TerminalRunner

/// What a participant types at a range-of-motion prompt: the path of a recorded device-motion file, or a goniometer
/// reading in degrees. Recordings used are remembered so they can be kept beside the result file.
final class RangeOfMotionInput: Sendable {
    /// A recording to copy beside the result file under `fileName`.
    struct KeptRecording: Sendable {
        let source: URL
        let fileName: String
    }

    private let currentDirectory: URL
    private let taskRunUUID: UUID
    private let kept = Mutex<[KeptRecording]>([])
    /// The participant's language (docs/languages.md, "Regimen's own words").
    private let words: Words

    init(currentDirectory: URL, taskRunUUID: UUID, words: Words = .english) {
        self.currentDirectory = currentDirectory
        self.taskRunUUID = taskRunUUID
        self.words = words
    }

    /// The recordings the run used, in order.
    var recordings: [KeptRecording] { kept.withLock { $0 } }

    /// The interpreter the terminal runner calls.
    var interpreter: RangeOfMotionInterpreter {
        RangeOfMotionInterpreter(
            inputDescription: words(.rangeOfMotionInput),
            interpret: { [self] request in interpret(request) }
        )
    }

    private func interpret(_ request: RangeOfMotionRequest) -> Result<SessionInput, AnswerInputError> {
        let line = request.line.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else {
            return .failure(AnswerInputError(message: words(.rangeOfMotionEmpty)))
        }
        let url = resolve(line)
        if FileManager.default.fileExists(atPath: url.path) {
            return measureRecording(at: url, request: request)
        }
        if let degrees = Self.degrees(line) {
            do {
                let reading = try GoniometerReading(joint: request.content.joint, degrees: degrees)
                let result = reading.result(
                    identifier: request.step.identifier, startDate: request.shownAt, endDate: request.answeredAt)
                return .success(.rangeOfMotion(result, recording: nil))
            } catch {
                return .failure(AnswerInputError(message: "\(error)"))
            }
        }
        return .failure(AnswerInputError(message: words(.rangeOfMotionNoFile, url.path)))
    }

    private func measureRecording(at url: URL, request: RangeOfMotionRequest) -> Result<SessionInput, AnswerInputError>
    {
        let measurement: RangeOfMotionMeasurement
        do {
            // Streamed: memory flat in the recording's length.
            measurement = try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path))
        } catch {
            return .failure(AnswerInputError(message: "\(error)"))
        }
        let result = measurement.result(
            identifier: request.step.identifier, startDate: request.shownAt, endDate: request.answeredAt)
        // ResearchKit's recorder names its file deviceMotion_<UUID with underscores> (docs/range-of-motion.md,
        // "Recording files"); the run's UUID (plus a counter) keeps the name stable, so replays give identical result
        // files.
        let fileName = kept.withLock { kept in
            let base = "deviceMotion_\(taskRunUUID.uuidString.replacingOccurrences(of: "-", with: "_"))"
            let name = kept.isEmpty ? "\(base).json" : "\(base)_\(kept.count + 1).json"
            kept.append(KeptRecording(source: url, fileName: name))
            return name
        }
        let file = FileResult(
            identifier: "deviceMotion", startDate: request.shownAt, endDate: request.answeredAt,
            contentType: "application/json", fileName: fileName
        )
        return .success(.rangeOfMotion(result, recording: file))
    }

    private func resolve(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded) }
        return currentDirectory.appendingPathComponent(expanded)
    }

    /// "45", "45°", "45 deg", "45 degrees" → 45.
    static func degrees(_ text: String) -> Double? {
        var number = text.lowercased()
        for suffix in ["degrees", "degree", "deg", "°"] where number.hasSuffix(suffix) {
            number = String(number.dropLast(suffix.count))
            break
        }
        return Double(number.trimmingCharacters(in: .whitespaces))
    }
}
