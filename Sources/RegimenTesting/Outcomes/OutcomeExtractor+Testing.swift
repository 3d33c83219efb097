import CareModel
public import Foundation
public import OutcomeMapping
public import ResearchTasks

extension OutcomeExtractor {
    /// Runs the extractor on `result` (values dated `createdDate`, default the result's end) and checks every value
    /// against ``OutcomeExtractor/producedKinds`` (kind listed, same value type and units).
    public func outcomes(from result: TaskResult, createdDate: Date? = nil) throws(OutcomeTestFailure) -> ExtractedOutcomes {
        let values: [OutcomeValue]
        do {
            values = try extract(from: result, createdDate: createdDate ?? result.endDate)
        } catch {
            throw .extractionFailed(task: taskIdentifier, error: error)
        }
        try checkDeclared(values)
        return ExtractedOutcomes(taskIdentifier: taskIdentifier, values: values)
    }

    /// Runs the extractor on a built tree; see `outcomes(from:createdDate:)` for a `TaskResult`.
    public func outcomes(from tree: ResultTree, createdDate: Date? = nil) throws(OutcomeTestFailure) -> ExtractedOutcomes {
        try outcomes(from: tree.result, createdDate: createdDate)
    }

    /// The error the extractor throws on `result`, or nil when it produces values.
    public func extractionError(on result: TaskResult) -> ExtractionError? {
        do {
            _ = try extract(from: result, createdDate: result.endDate)
            return nil
        } catch {
            return error
        }
    }

    /// The error the extractor throws on a built tree, or nil when it produces values.
    public func extractionError(on tree: ResultTree) -> ExtractionError? {
        extractionError(on: tree.result)
    }

    /// Throws unless the extractor fails on `tree` with exactly `expected`.
    public func requireFailure(_ expected: ExtractionError, on tree: ResultTree) throws(OutcomeTestFailure) {
        let actual = extractionError(on: tree.result)
        guard actual == expected else {
            throw .expectedExtractionError(task: taskIdentifier, expected: expected, actual: actual)
        }
    }

    /// Throws when a value's kind is unlisted in `producedKinds`, or its type or units differ from the listing.
    func checkDeclared(_ values: [OutcomeValue]) throws(OutcomeTestFailure) {
        let declared = Dictionary(producedKinds.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        for value in values {
            guard let kind = value.kind else { throw .missingKind(task: taskIdentifier) }
            guard let description = declared[kind] else {
                throw .undeclaredKind(task: taskIdentifier, kind: kind, declared: producedKinds.map(\.kind))
            }
            guard description.valueType == value.value.typeName, description.units == value.units else {
                throw .undeclaredShape(task: taskIdentifier, kind: kind, declared: description,
                                       valueType: value.value.typeName, units: value.units)
            }
        }
    }
}
