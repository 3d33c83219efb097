import CareModel
import CareStore

/// A result file `regimen ingest` could not store, and why (file, place and problem — never an answer).
struct IngestRejection: Sendable, Hashable {
    /// The file's path.
    var file: String
    /// What is wrong with it.
    var problem: String
}

/// One file after reading and extraction: ready to store, or rejected.
enum PreparedResult: Sendable {
    /// Decoded and extracted; `resultFile` names the file, `researchKitVersion` the ResearchKit that wrote it when
    /// the file records it.
    case ready(OutcomeIngest, researchKitVersion: String?)
    /// Unreadable, malformed, of an unknown task, or not extractable.
    case rejected(IngestRejection)
}
