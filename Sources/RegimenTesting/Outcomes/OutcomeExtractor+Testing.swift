import CareModel
public import Foundation
public import OutcomeMapping
public import ResearchTasks

extension OutcomeExtractor {
    /// Runs the extractor on `result` as every Regimen command does (`checkedValues(from:createdDate:)`:
    /// values dated `createdDate`, default the result's end; the result's task matched first; every value checked
    /// against `producedKinds` — kind listed, same value type and units).
    public func outcomes(from result: TaskResult, createdDate: Date? = nil) throws(OutcomeTestFailure)
        -> ExtractedOutcomes
    {
        do {
            let values = try checkedValues(from: result, createdDate: createdDate ?? result.endDate)
            return ExtractedOutcomes(taskIdentifier: taskIdentifier, values: values)
        } catch .valueWithoutKind {
            throw .missingKind(task: taskIdentifier)
        } catch .undeclaredKind(let kind, let declared) {
            throw .undeclaredKind(task: taskIdentifier, kind: kind, declared: declared)
        } catch .undeclaredShape(let kind, let declared, let valueType, let units) {
            throw .undeclaredShape(
                task: taskIdentifier, kind: kind, declared: declared, valueType: valueType, units: units)
        } catch {
            throw .extractionFailed(task: taskIdentifier, error: error)
        }
    }

    /// Runs the extractor on a built tree; see `outcomes(from:createdDate:)` for a `TaskResult`.
    public func outcomes(from tree: ResultTree, createdDate: Date? = nil) throws(OutcomeTestFailure)
        -> ExtractedOutcomes
    {
        try outcomes(from: tree.result, createdDate: createdDate)
    }

    /// The error Regimen meets running the extractor on `result` (as `checkedValues(from:createdDate:)` runs it), or
    /// nil when it produces values.
    public func extractionError(on result: TaskResult) -> ExtractionError? {
        do {
            _ = try checkedValues(from: result, createdDate: result.endDate)
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
}
