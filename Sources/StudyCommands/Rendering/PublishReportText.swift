import FoundationEssentials
import RegimenCommands
import StudyDatabase

/// What `study publish` prints: the revision, each task's change, and per participant the versions they got with
/// their effective dates in the participant's zone — and when an answered event moved one, from when to when
/// (docs/study-database.md, "Publishing and revisions").
enum PublishReportText {
    /// The report.
    static func text(_ report: PublishReport, previous: Int) -> String {
        let revision = report.revision
        var out =
            report.dryRun
            ? "dry run: revision \(revision.number) would be published (the study is at \(previous)); nothing was changed\n"
            : "published revision \(revision.number) at \(StudyTimeText.utc(revision.publishedAt)) by \(revision.publishedBy) "
                + "(was \(previous))\n"
        out += "tasks:\n"
        for change in revision.changes { out += "  \(RevisionText.line(change))\n" }
        for task in report.unchanged { out += "  unchanged \(task)\n" }
        if revision.tasks.isEmpty && revision.changes.isEmpty { out += "  none\n" }
        out += "participants:\n"
        if report.participants.isEmpty { out += "  none enrolled\n" }
        for publication in report.participants { out += "  \(line(publication))\n" }
        return out
    }

    private static func line(_ publication: ParticipantPublication) -> String {
        let participant = publication.participant
        let zone = participant.timeZone
        let name = "\(participant.label) (\(zone.identifier))"
        if let withdrawn = participant.withdrawnAt {
            return "\(name): withdrawn at \(StudyTimeText.local(withdrawn, zone)); no new versions"
        }
        guard !publication.versions.isEmpty else { return "\(name): nothing changed" }
        let notes = publication.versions.map { note in
            let verb =
                switch note.kind {
                case .first: "\(note.taskID) from"
                case .next: "\(note.taskID) new version from"
                case .tombstone: "\(note.taskID) removed from"
                }
            guard let from = note.movedFrom, let event = note.answeredEvent else {
                return "\(verb) \(StudyTimeText.dayOrLocal(note.effective, zone))"
            }
            return "\(verb) \(StudyTimeText.dayOrLocal(note.effective, zone)) (effective moved from "
                + "\(StudyTimeText.dayOrLocal(from, zone)) to \(StudyTimeText.dayOrLocal(note.effective, zone)) past the "
                + "answered event on \(StudyTimeText.local(event.start, zone)))"
        }
        return "\(name): " + notes.joined(separator: "; ")
    }
}
