import CareStore
import Foundation
import ResearchTasks

/// Turns a finished task's result tree into outcome values (DESIGN: "Extractor").
public protocol OutcomeExtractor: Sendable {
    /// The task whose results this extractor reads.
    var taskIdentifier: String { get }
    /// The outcome kinds it produces, known without running it.
    var producedKinds: [OutcomeKindDescription] { get }
    /// Extracts the values; throws when the result lacks something it needs.
    func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue]
}

/// Describes one outcome kind an extractor produces.
public struct OutcomeKindDescription: Sendable, Hashable {
    /// The kind string.
    public var kind: String
    /// Its units, if any.
    public var units: String?
    /// The CareKit value type it has ("double", "integer", …).
    public var valueType: String

    /// Creates a description.
    public init(kind: String, units: String? = nil, valueType: String) {
        self.kind = kind
        self.units = units
        self.valueType = valueType
    }
}

/// Why extraction failed; the path names what was missing or mistyped (answers are never included).
public enum ExtractionError: Error, Sendable, Hashable {
    /// The result tree is of another task.
    case wrongTask(expected: String, found: String)
    /// Nothing exists at this result path.
    case missing(path: String)
    /// Something exists at the path but is not of the needed type.
    case wrongType(path: String, expected: String, found: String)
}
