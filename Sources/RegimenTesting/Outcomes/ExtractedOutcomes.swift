public import CareModel
import Foundation
import OutcomeMapping

/// The values an extractor produced, with checks by kind that explain what differs.
///
/// Check with a failure-reporting closure (every failing expectation is reported):
/// ```swift
/// outcomes.check(.value("pain.total", 9, units: "points"), .absent("pain.note")) { Issue.record(Comment(rawValue: $0)) }
/// outcomes.check(.value("pain.total", 9)) { XCTFail($0) }
/// ```
/// or throw the failures (`try outcomes.require(…)`), or read values (`try outcomes.double("pain.total")`).
public struct ExtractedOutcomes: Sendable, Hashable {
    /// The task the extractor serves.
    public var taskIdentifier: String
    /// The values, in the order the extractor produced them.
    public var values: [OutcomeValue]

    /// Wraps values produced for `taskIdentifier`.
    public init(taskIdentifier: String, values: [OutcomeValue]) {
        self.taskIdentifier = taskIdentifier
        self.values = values
    }

    /// The kinds present, in order of first appearance, without repeats.
    public var kinds: [String] {
        var seen: Set<String> = []
        return values.compactMap(\.kind).filter { seen.insert($0).inserted }
    }

    /// Every value of the kind, in order.
    public func values(ofKind kind: String) -> [OutcomeValue.Value] {
        values.filter { $0.kind == kind }.map(\.value)
    }

    /// The one value of the kind; throws when there is none or several.
    public func value(ofKind kind: String) throws(OutcomeTestFailure) -> OutcomeValue {
        let matching = values.filter { $0.kind == kind }
        guard let first = matching.first else { throw .noValue(kind: kind, presentKinds: kinds) }
        guard matching.count == 1 else { throw .severalValues(kind: kind, values: matching.map(\.value)) }
        return first
    }

    /// The one value of the kind as a number (`double` or `integer`); throws when absent, repeated or not a number.
    public func double(_ kind: String) throws(OutcomeTestFailure) -> Double {
        let value = try value(ofKind: kind).value
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw .notANumber(kind: kind, actual: value)
        }
    }

    /// The failures of the expectations, in order (empty when all hold).
    public func failures(_ expectations: [OutcomeExpectation]) -> [OutcomeTestFailure] {
        expectations.compactMap { $0.failure(in: self) }
    }

    /// Reports each failing expectation's message through `report` (e.g. `XCTFail($0)` or `Issue.record(…)`).
    public func check(_ expectations: OutcomeExpectation..., report: (String) -> Void) {
        for failure in failures(expectations) { report(failure.description) }
    }

    /// Throws when any expectation fails: the failure itself, or `.several` listing them all.
    public func require(_ expectations: OutcomeExpectation...) throws(OutcomeTestFailure) {
        let found = failures(expectations)
        if found.count == 1 { throw found[0] }
        if !found.isEmpty { throw .several(found) }
    }
}
