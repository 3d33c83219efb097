import CareStore
import Foundation
import ResearchTasks

/// The extractor a survey file's `outcomes:` section describes: one entry per kind, read from a result path.
public struct DeclarativeExtractor: OutcomeExtractor {
    /// One `outcomes:` entry.
    public struct Entry: Sendable, Hashable {
        /// The outcome kind.
        public var kind: String
        /// Where the value is read.
        public var path: ResultPath
        /// Units stored with the value.
        public var units: String?
        /// The stored value type.
        public var valueType: OutcomeValueType

        /// Creates an entry.
        public init(kind: String, path: ResultPath, units: String? = nil, valueType: OutcomeValueType = .double) {
            self.kind = kind
            self.path = path
            self.units = units
            self.valueType = valueType
        }
    }

    /// The task whose results this extractor reads.
    public let taskIdentifier: String
    /// The entries, in survey-file order (values come out in this order).
    public let entries: [Entry]

    /// Creates a declarative extractor.
    public init(taskIdentifier: String, entries: [Entry]) {
        self.taskIdentifier = taskIdentifier
        self.entries = entries
    }

    /// The kinds the entries produce.
    public var producedKinds: [OutcomeKindDescription] {
        entries.map { OutcomeKindDescription(kind: $0.kind, units: $0.units, valueType: $0.valueType.rawValue) }
    }

    /// Reads every entry; a missing step or result is an error, a skipped (nil) answer yields no value.
    public func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        guard result.identifier == taskIdentifier else {
            throw .wrongTask(expected: taskIdentifier, found: result.identifier)
        }
        var values: [OutcomeValue] = []
        for entry in entries {
            let reader = ResultReader(result: result, path: entry.path)
            for value in try reader.values(as: entry.valueType) {
                values.append(OutcomeValue(value, kind: entry.kind, units: entry.units, createdDate: createdDate))
            }
        }
        return values
    }
}
