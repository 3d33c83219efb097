package import CareModel
package import Foundation

/// Makes a participant's schedule of a published task, in their home zone (RegimenCommands resolves the survey's
/// schedule, which is relative to enrollment, with the participant's enrollment and calendar).
package typealias ScheduleMaker = @Sendable (PublishedTask, Participant) throws(StudyDatabaseError) -> Schedule

/// A task version publishing made for one participant, in words for the report.
package struct VersionNote: Sendable, Hashable {
    /// What kind of version.
    package enum Kind: String, Sendable, Hashable {
        /// The participant's first version of the task.
        case first
        /// A new version of a task whose survey changed.
        case next
        /// A tombstone: the task was removed.
        case tombstone
    }

    /// The task id.
    package var taskID: String
    /// What kind of version.
    package var kind: Kind
    /// When it takes effect.
    package var effective: Date
    /// When it would have taken effect had an answered event not been in the way (nil: not moved).
    package var movedFrom: Date?
    /// The answered event it was moved past.
    package var answeredEvent: AnsweredEvent?
}

/// What one publish (or enrollment) writes for one participant: the versions to store and their notes, decided by
/// the rules of docs/study-database.md, "Publishing and revisions" — pure, so they are tested without a server.
struct VersionPlan {
    /// The rows to store (sequence numbers not yet given).
    var rows: [TaskVersionRow] = []
    /// One note per row.
    var notes: [VersionNote] = []

    /// The plan of revision `revision`, publishing `tasks` at `now`, for `participant` whose versions so far are
    /// `chains` (per task id, oldest first) and whose latest answered events are `answered`.
    static func make(
        for participant: Participant, tasks: [PublishedTask], revision: Int, now: Date,
        chains: [String: [TaskVersionRow]], answered: [String: AnsweredEvent], schedules: ScheduleMaker
    ) throws(StudyDatabaseError) -> VersionPlan {
        var plan = VersionPlan()
        let isNew = chains.isEmpty
        let published = Set(tasks.map(\.id))
        for task in tasks {
            let tip = chains[task.id]?.last
            if let tip, tip.deletedAt != nil { throw .taskRemoved(taskID: task.id, removedIn: tip.studyRevision) }
            if let tip, tip.sourceDigest == task.digest { continue }
            let schedule = try schedules(task, participant)
            let json: String
            do {
                json = try ScheduleJSON.encode(schedule, taskID: task.id)
            } catch {
                throw .scheduleUnusable(taskID: task.id, label: participant.label, reason: "\(error)")
            }
            var (effective, movedFrom, event): (Date, Date?, AnsweredEvent?) = (
                participant.enrollmentDayStart, nil, nil
            )
            if !isNew {
                (effective, movedFrom, event) = effectiveDate(for: participant, now: now, answered: answered[task.id])
            }
            plan.rows.append(
                TaskVersionRow(
                    uuid: UUID(), participantID: participant.id, taskID: task.id, previousUUID: tip?.uuid,
                    studyRevision: revision,
                    title: task.title, instructions: task.instructions, impactsAdherence: task.impactsAdherence,
                    scheduleJSON: json, effectiveAt: effective, deletedAt: nil, sourceDigest: task.digest,
                    createdAt: now,
                    serverSeq: 0))
            plan.notes.append(
                VersionNote(
                    taskID: task.id, kind: tip == nil ? .first : .next, effective: effective, movedFrom: movedFrom,
                    answeredEvent: event))
        }
        for (taskID, chain) in chains.sorted(by: { $0.key < $1.key }) where !published.contains(taskID) {
            guard let tip = chain.last, tip.deletedAt == nil else { continue }
            let (effective, movedFrom, event) = effectiveDate(for: participant, now: now, answered: answered[taskID])
            var tombstone = tip
            tombstone.uuid = UUID()
            tombstone.previousUUID = tip.uuid
            tombstone.studyRevision = revision
            tombstone.effectiveAt = effective
            tombstone.deletedAt = now
            tombstone.createdAt = now
            plan.rows.append(tombstone)
            plan.notes.append(
                VersionNote(
                    taskID: taskID, kind: .tombstone, effective: effective, movedFrom: movedFrom, answeredEvent: event))
        }
        return plan
    }

    /// When a later version takes effect: the next local midnight after `now` in the participant's zone (never
    /// before their enrollment day), moved to one second after the end of the latest answered event when that event
    /// starts at or after it — CareStore's guard (docs/study-database.md, "Publishing and revisions"): an answered
    /// event is never moved into another version.
    static func effectiveDate(
        for participant: Participant, now: Date, answered: AnsweredEvent?
    ) -> (effective: Date, movedFrom: Date?, event: AnsweredEvent?) {
        let calendar = participant.calendar
        let today = calendar.startOfDay(for: now)
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? today.addingTimeInterval(86_400)
        let wanted = max(tomorrow, participant.enrollmentDayStart)
        guard let answered, answered.start >= wanted else { return (wanted, nil, nil) }
        return (max(answered.end, answered.start).addingTimeInterval(1), wanted, answered)
    }
}
