package import CareModel
import CareStore

/// A result file `regimen ingest` could not store, and why (file, place and problem — never an answer).
package struct IngestRejection: Sendable, Hashable {
    /// The file's path.
    package var file: String
    /// What is wrong with it.
    package var problem: String

    /// Creates a rejection.
    package init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }
}

/// One file after reading and extraction: ready to store, or rejected.
package enum PreparedResult: Sendable {
    /// Decoded and extracted; `resultFile` names the file, `researchKitVersion` the ResearchKit that wrote it when
    /// the file records it, `recorded` the clock it was recorded with.
    case ready(OutcomeIngest, researchKitVersion: String?, recorded: RecordedClock)
    /// Unreadable, malformed, of an unknown task, or not extractable.
    case rejected(IngestRejection)
}
