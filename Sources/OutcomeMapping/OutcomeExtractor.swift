public import CareModel
public import Foundation
public import ResearchTasks

/// Turns a finished task's result tree into outcome values (docs/writing-an-extractor.md).
///
/// A survey file's `outcomes:` section makes a ``DeclarativeExtractor``; a study whose values need code (a score
/// summed over items, a unit conversion) conforms a type of its own and registers it with
/// `RegimenApp(commandName:extractors:)`, where it replaces the survey's declarative mapping for the same task.
/// Read answers with ``ResultReader`` so errors name the ``ResultPath`` that was missing or mistyped.
public protocol OutcomeExtractor: Sendable {
    /// The task whose results this extractor reads (the survey's `id`).
    var taskIdentifier: String { get }
    /// The outcome kinds it produces, with units and value types, known without running it (used by `validate`,
    /// the care feed and wide CSV exports); every value `extract` returns must match one of them.
    var producedKinds: [OutcomeKindDescription] { get }
    /// Extracts the values, each stamped with `createdDate`; a skipped answer yields no value, and a result that
    /// lacks a step or item the extractor needs, or holds the wrong type there, throws naming that path.
    func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue]
}

/// Describes one outcome kind an extractor produces.
public struct OutcomeKindDescription: Sendable, Hashable {
    /// The kind string.
    public var kind: String
    /// Its units, if any.
    public var units: String?
    /// The CareKit value type it has: an ``OutcomeValueType`` raw value ("double", "integer", …).
    public var valueType: String

    /// Creates a description from a CareKit type name.
    public init(kind: String, units: String? = nil, valueType: String) {
        self.kind = kind
        self.units = units
        self.valueType = valueType
    }
}

/// Why extraction failed; the path names what was missing or mistyped (answers are never included).
public enum ExtractionError: Error, Sendable, Hashable {
    /// The result tree is of another task: `expected` is the extractor's task, `found` the result's.
    case wrongTask(expected: String, found: String)
    /// Nothing exists at this result path (`step`, or `step/result` when the step is there but the result is not).
    case missing(path: String)
    /// Something exists at the path but is not of the needed type: `expected` names the needed type, `found` what
    /// is there (a kind of answer or a result class), never the answer itself.
    case wrongType(path: String, expected: String, found: String)
}

extension OutcomeKindDescription {
    /// Creates a description from a typed value type.
    public init(kind: String, units: String? = nil, type: OutcomeValueType) {
        self.init(kind: kind, units: units, valueType: type.rawValue)
    }
}
