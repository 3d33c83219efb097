/// Extractors by task identifier; code-registered extractors win over survey-file (declarative) ones.
package struct ExtractorRegistry: Sendable {
    private var extractors: [String: any OutcomeExtractor] = [:]

    /// Creates a registry holding `extractors` (later ones replace earlier ones for the same task).
    package init(_ extractors: [any OutcomeExtractor] = []) {
        for extractor in extractors { register(extractor) }
    }

    /// Adds or replaces the extractor for its task.
    package mutating func register(_ extractor: any OutcomeExtractor) {
        extractors[extractor.taskIdentifier] = extractor
    }

    /// The extractor for a task, if any.
    package func extractor(forTask identifier: String) -> (any OutcomeExtractor)? {
        extractors[identifier]
    }

    /// The task identifiers that have an extractor, sorted.
    package var taskIdentifiers: [String] { extractors.keys.sorted() }
}
