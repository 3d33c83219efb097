package import Foundation
package import RegimenFoundation

/// What researchers' tables keep: one task, one participant, and local days `from`…`to` (inclusive, each in the
/// participant's home zone) (docs/study-database.md, "What researchers read").
package struct ReadFilter: Sendable, Hashable {
    /// Only this task id.
    package var task: String?
    /// Only this participant label.
    package var participant: String?
    /// The first local day kept.
    package var from: CivilDate?
    /// The last local day kept.
    package var to: CivilDate?

    /// Creates a filter.
    package init(task: String? = nil, participant: String? = nil, from: CivilDate? = nil, to: CivilDate? = nil) {
        self.task = task
        self.participant = participant
        self.from = from
        self.to = to
    }

    /// The instants kept for `participant`: from the local start of `from` (else `earliest`) up to the local start
    /// of the day after `to` (else `latest`), never past `latest`.
    package func window(for participant: Participant, earliest: Date, latest: Date) -> (start: Date, end: Date) {
        let calendar = participant.calendar
        let start = from.map { max(earliest, StudyCalendar.start(of: $0, calendar: calendar)) } ?? earliest
        let end =
            to.map { min(latest, StudyCalendar.start(of: CivilDate(dayNumber: $0.dayNumber + 1), calendar: calendar)) }
            ?? latest
        return (start, end)
    }
}
