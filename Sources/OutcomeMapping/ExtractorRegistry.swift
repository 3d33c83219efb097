package import CareModel
package import Foundation
package import ResearchTasks

/// Extractors by task identifier; code-registered extractors win over survey-file (declarative) ones.
package struct ExtractorRegistry: Sendable {
    /// Each extractor with its declared kinds, indexed once: one lookup per result.
    private var extractors: [String: (extractor: any OutcomeExtractor, declared: DeclaredKinds)] = [:]

    /// Creates a registry holding `extractors` (later ones replace earlier ones for the same task).
    package init(_ extractors: [any OutcomeExtractor] = []) {
        for extractor in extractors { register(extractor) }
    }

    /// Adds or replaces the extractor for its task.
    package mutating func register(_ extractor: any OutcomeExtractor) {
        extractors[extractor.taskIdentifier] = (extractor, DeclaredKinds(extractor.producedKinds))
    }

    /// The extractor for a task, if any.
    package func extractor(forTask identifier: String) -> (any OutcomeExtractor)? {
        extractors[identifier]?.extractor
    }

    /// The values the extractor of `result`'s task makes of it: the one way every command extracts (run, replay,
    /// ingest, `extract`, the study's ingest), through ``OutcomeExtractor/checkedValues(from:createdDate:)``; nil
    /// when the task has no extractor.
    package func values(of result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue]? {
        guard let (extractor, declared) = extractors[result.identifier] else { return nil }
        return try extractor.checkedValues(from: result, createdDate: createdDate, declared: declared)
    }

    /// The task identifiers that have an extractor, sorted.
    package var taskIdentifiers: [String] { extractors.keys.sorted() }
}
