public import CareModel
import Foundation
public import ResearchTasks

/// Reads typed values at one result path, with errors that name the path (never the answer).
public struct ResultReader: Sendable {
    /// The tree being read.
    public let result: TaskResult
    /// The path being read.
    public let path: ResultPath

    /// Creates a reader.
    public init(result: TaskResult, path: ResultPath) {
        self.result = result
        self.path = path
    }

    /// The child result at the path; throws `.missing` naming the first missing part.
    public func child() throws(ExtractionError) -> ChildResult {
        // By index: only the child found is copied.
        guard let step = result.stepIndex(forStep: path.stepIdentifier) else {
            throw .missing(path: path.stepIdentifier)
        }
        guard let child = result.results[step].results.lastIndex(where: { $0.identifier == path.resultIdentifier })
        else {
            throw .missing(path: "\(path.stepIdentifier)/\(path.resultIdentifier)")
        }
        return result.results[step].results[child]
    }

    /// The values at the path as `type`: none for a skipped answer, one per chosen value for choices.
    public func values(as type: OutcomeValueType) throws(ExtractionError) -> [OutcomeValue.Value] {
        switch try child() {
        case .question(let question):
            if let field = path.field {
                throw .wrongType(
                    path: path.description, expected: "a question answer (no field)", found: "field \(field)")
            }
            guard let answer = question.answer else { return [] }
            return try convert(answer, to: type)
        case .rangeOfMotion(let motion):
            guard let angle = rangeOfMotionField(motion) else {
                throw .wrongType(
                    path: path.description, expected: "one of start, finish, minimum, maximum, range",
                    found: path.field.map { "field \($0)" } ?? "no field")
            }
            return [try number(from: angle, as: type)]
        case .file:
            throw .wrongType(path: path.description, expected: type.rawValue, found: "ORKFileResult")
        case .consentSignature(let consent):
            guard type == .boolean else {
                throw .wrongType(path: path.description, expected: type.rawValue, found: "boolean")
            }
            return [.boolean(consent.consented)]
        case .other(let other):
            throw .wrongType(path: path.description, expected: type.rawValue, found: other.className)
        }
    }

    private func rangeOfMotionField(_ motion: RangeOfMotionResult) -> Double? {
        switch path.field {
        case "start": motion.start
        case "finish": motion.finish
        case "minimum": motion.minimum
        case "maximum": motion.maximum
        case "range": motion.range
        default: nil
        }
    }

    private func convert(_ answer: Answer, to type: OutcomeValueType) throws(ExtractionError) -> [OutcomeValue.Value] {
        switch answer {
        case .scale(let number), .numeric(let number):
            return [try self.number(from: number.doubleValue, as: type)]
        case .timeInterval(let seconds):
            return [try self.number(from: seconds, as: type)]
        case .boolean(let value):
            guard type == .boolean else { throw mismatch(type, "boolean") }
            return [.boolean(value)]
        case .text(let text):
            guard type == .text else { throw mismatch(type, "text") }
            return [.text(text)]
        case .date(let date):
            guard type == .date else { throw mismatch(type, "date") }
            return [.date(date)]
        case .timeOfDay(let time):
            guard type == .text else { throw mismatch(type, "time of day") }
            return [.text(String(format: "%02d:%02d", time.hour, time.minute))]
        case .choices(let choices):
            // One value per chosen answer, each with the entry's kind (how CareKit stores several answers).
            var values: [OutcomeValue.Value] = []
            for choice in choices {
                switch (choice, type) {
                case (.string(let text), .text): values.append(.text(text))
                case (.integer(let number), _) where type != .text && type != .boolean && type != .date:
                    values.append(try self.number(from: Double(number), as: type))
                case (.double(let number), _) where type != .text && type != .boolean && type != .date:
                    values.append(try self.number(from: number, as: type))
                case (.boolean(let flag), .boolean): values.append(.boolean(flag))
                case (.integer(let number), .text): values.append(.text(String(number)))
                case (.double(let number), .text): values.append(.text(String(number)))
                default: throw mismatch(type, "choice")
                }
            }
            return values
        }
    }

    private func number(from value: Double, as type: OutcomeValueType) throws(ExtractionError) -> OutcomeValue.Value {
        switch type {
        case .double:
            return .double(value)
        case .integer:
            guard value.rounded() == value, let whole = Int(exactly: value) else {
                throw mismatch(type, "decimal number")
            }
            return .integer(whole)
        case .text:
            return .text(value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value))
        case .boolean, .date:
            throw mismatch(type, "number")
        }
    }

    private func mismatch(_ expected: OutcomeValueType, _ found: String) -> ExtractionError {
        .wrongType(path: path.description, expected: expected.rawValue, found: found)
    }
}
