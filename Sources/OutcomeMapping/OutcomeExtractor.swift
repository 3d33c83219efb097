public import CareModel
public import Foundation
public import ResearchTasks

/// Turns a finished task's result tree into outcome values (docs/writing-an-extractor.md).
///
/// A survey file's `outcomes:` section makes a declarative extractor; a study whose values need code (a score
/// summed over items, a unit conversion) conforms a type of its own and registers it with
/// `RegimenApp(commandName:extractors:)`, where it replaces the survey's declarative mapping for the same task.
/// Read answers with ``ResultReader`` so errors name the ``ResultPath`` that was missing or mistyped.
///
/// Regimen calls an extractor only through ``checkedValues(from:createdDate:)``: only with results of its own task,
/// and every value it returns is checked against ``producedKinds`` before anything is stored or shown.
public protocol OutcomeExtractor: Sendable {
    /// The task whose results this extractor reads (the survey's `id`).
    var taskIdentifier: String { get }
    /// The outcome kinds it produces, with units and value types, known without running it (used by `validate`,
    /// the care feed and wide CSV exports); every value `extract` returns must match one of them.
    var producedKinds: [OutcomeKindDescription] { get }
    /// Extracts the values, each stamped with `createdDate`; a skipped answer yields no value, and a result that
    /// lacks a step or item the extractor needs, or holds the wrong type there, throws naming that path. `result` is
    /// always of ``taskIdentifier``'s task: there is no need to check it.
    func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue]
}

/// Describes one outcome kind an extractor produces.
public struct OutcomeKindDescription: Sendable, Hashable {
    /// The kind string.
    public var kind: String
    /// Its units, if any.
    public var units: String?
    /// The CareKit value type its values have.
    public var valueType: OutcomeValueType

    /// Creates a description.
    public init(kind: String, units: String? = nil, type: OutcomeValueType) {
        self.kind = kind
        self.units = units
        self.valueType = type
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
    /// A path written as text is not `step`, `step/result` or `step/result/field`.
    case malformedPath(String)
    /// The extractor returned a value without a kind.
    case valueWithoutKind
    /// The extractor returned a value of a kind its ``OutcomeExtractor/producedKinds`` do not list.
    case undeclaredKind(kind: String, declared: [String])
    /// The extractor returned a value whose type (`valueType`: integer, double, boolean, text, binary or date) or
    /// units differ from what its ``OutcomeExtractor/producedKinds`` declare for the kind.
    case undeclaredShape(kind: String, declared: OutcomeKindDescription, valueType: String, units: String?)
    /// A score's expression could not be evaluated (the specification's errors, such as several items where one
    /// number is needed), or gave something that is not a number.
    case scoreNotComputed(kind: String, reason: String)
}

extension OutcomeExtractor {
    /// The values this extractor makes of `result`, as every Regimen command obtains them: the result must be of
    /// ``taskIdentifier``'s task (checked before ``extract(from:createdDate:)`` is called), and each value must match
    /// one of ``producedKinds`` — listed kind, same value type, same units (docs/writing-an-extractor.md, "How Regimen
    /// calls an extractor").
    public func checkedValues(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        try checkedValues(from: result, createdDate: createdDate, declared: DeclaredKinds(producedKinds))
    }

    /// `checkedValues(from:createdDate:)` with the declared kinds already indexed (`ExtractorRegistry` keeps them).
    func checkedValues(from result: TaskResult, createdDate: Date, declared: DeclaredKinds) throws(ExtractionError)
        -> [OutcomeValue]
    {
        guard result.identifier == taskIdentifier else {
            throw .wrongTask(expected: taskIdentifier, found: result.identifier)
        }
        let values = try extract(from: result, createdDate: createdDate)
        try declared.check(values)
        return values
    }
}

/// An extractor's ``OutcomeExtractor/producedKinds`` by kind, to check the values it returns.
struct DeclaredKinds: Sendable {
    private let listed: [String]
    private let byKind: [String: OutcomeKindDescription]

    init(_ kinds: [OutcomeKindDescription]) {
        listed = kinds.map(\.kind)
        byKind = Dictionary(kinds.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Throws unless every value has a listed kind, with its declared value type and units.
    func check(_ values: [OutcomeValue]) throws(ExtractionError) {
        for value in values {
            guard let kind = value.kind else { throw .valueWithoutKind }
            guard let description = byKind[kind] else { throw .undeclaredKind(kind: kind, declared: listed) }
            guard description.valueType.rawValue == value.value.typeName, description.units == value.units else {
                throw .undeclaredShape(
                    kind: kind, declared: description, valueType: value.value.typeName, units: value.units)
            }
        }
    }
}
