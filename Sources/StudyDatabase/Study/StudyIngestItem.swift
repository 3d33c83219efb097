package import CareModel
package import Foundation

/// One result file to ingest for a participant: the outcome as local ingest prepares it, and the clock it was
/// recorded with (docs/study-database.md, "Ingest").
package struct StudyIngestItem: Sendable, Hashable {
    /// The outcome to store (its `day` is in the participant's home zone).
    package var ingest: OutcomeIngest
    /// The UTC offset, in seconds east, the result's end date was written with; nil when not known.
    package var recordedUTCOffset: Int?
    /// The IANA time zone the result names, if any.
    package var recordedTimeZone: String?

    /// Creates an item.
    package init(ingest: OutcomeIngest, recordedUTCOffset: Int? = nil, recordedTimeZone: String? = nil) {
        self.ingest = ingest
        self.recordedUTCOffset = recordedUTCOffset
        self.recordedTimeZone = recordedTimeZone
    }
}

/// Why study ingest refused one item; a refused item writes nothing.
package enum StudyIngestRefusal: Error, Sendable, Hashable {
    /// The local ingest rules refused it (unknown or deleted task, no event that day).
    case rules(IngestRefusal)
    /// The run ended before the day the participant's schedule of the task starts (`firstDay`, the start of that day).
    case beforeSchedule(taskID: String, firstDay: Date)
    /// A text the database would store holds U+0000, which PostgreSQL text cannot hold; `field` names it.
    case nulCharacter(field: String)
}

/// A new outcome row of an ingest transaction, with the columns the study adds to an `Outcome`.
struct StudyOutcomeRow: Sendable {
    /// The outcome (its `deletedDate` and `endReason` set when it is stored already ended).
    var outcome: Outcome
    /// `recorded_utc_offset`.
    var recordedUTCOffset: Int?
    /// `recorded_time_zone`.
    var recordedTimeZone: String?
    /// `server_seq`.
    var serverSeq: Int64
}
