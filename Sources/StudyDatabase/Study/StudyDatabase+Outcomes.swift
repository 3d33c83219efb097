import CareModel
package import Foundation
import RegimenFoundation

extension StudyDatabase {
    /// The participants `filter` selects, ordered by label; a named participant that does not exist is an error.
    package func participants(_ filter: ReadFilter) async throws(StudyDatabaseError) -> [Participant] {
        let found = try await ParticipantTable.participants(study: studyID, label: filter.participant, connection)
        if let label = filter.participant, found.isEmpty { throw .participantNotFound(label: label) }
        return found
    }

    /// The long outcome rows of one participant: one per value of every stored outcome version (current, replaced,
    /// superseded, deleted) whose event starts on the filter's local days, ordered by event start, task, occurrence,
    /// then storage order. Two queries: the participant's task versions, then outcomes joined with their values.
    package func longOutcomes(of participant: Participant, _ filter: ReadFilter) async throws(StudyDatabaseError)
        -> [LongOutcomeRow]
    {
        let (chains, revisions) = try await TaskVersionTable.chains(
            participant: participant, task: filter.task, connection)
        var versions: [UUID: (task: String, number: Int)] = [:]
        for chain in chains {
            for (index, version) in chain.versions.enumerated() { versions[version.uuid] = (version.id, index + 1) }
        }
        let (start, end) = filter.window(for: participant, earliest: .distantPast, latest: .distantFuture)
        let outcomes = try await OutcomeTable.outcomes(
            participant: participant, task: filter.task, from: start, to: end, liveOnly: false, connection)
        var rows: [LongOutcomeRow] = []
        for outcome in outcomes {
            let uuid = outcome.outcome.taskVersionUUID
            let version = versions[uuid] ?? (uuid.uuidString, 0)
            let row = LongOutcomeRow(
                participant: participant, task: version.task, taskVersion: version.number,
                studyRevision: revisions[uuid] ?? 0, outcome: outcome, value: nil)
            if outcome.outcome.values.isEmpty { rows.append(row) }
            for value in outcome.outcome.values {
                var valued = row
                valued.value = value
                rows.append(valued)
            }
        }
        return rows
    }

    /// The wide rows of one participant: every event of their task versions (computed as the care feed computes
    /// them, `VersionChain`) from the local start of the enrollment day — or of the filter's first day — up to the
    /// earliest of `now`, the end of the filter's last day and the withdrawal, with the values of each event's current
    /// outcome under `columns`; events without one are `missed`. Two queries: the task versions, then the live
    /// outcomes' values.
    package func wideRows(
        of participant: Participant, _ filter: ReadFilter, columns: WideColumns, now: Date
    ) async throws(StudyDatabaseError) -> [WideOutcomeRow] {
        let (chains, _) = try await TaskVersionTable.chains(participant: participant, task: filter.task, connection)
        let (start, end) = filter.window(
            for: participant, earliest: participant.enrollmentDayStart, latest: min(now, participant.withdrawnAt ?? now)
        )
        guard start < end, !chains.isEmpty else { return [] }
        let values = try await OutcomeValueTable.liveValuesByEvent(
            participant: participant, task: filter.task, connection)
        // Each chain up to its deletion: CareKit hides a deleted task over any interval ending after its tombstone,
        // while the care feed of each earlier day showed its events (docs/study-database.md, "What researchers read").
        // Only what a row needs is kept of each event's task version: copying whole versions cost more than the rest.
        var events: [(taskID: String, taskUUID: UUID, event: ScheduleEvent)] = []
        for chain in chains {
            let deletion = chain.versions.first { $0.deletedDate != nil }?.effectiveDate
            for (task, event) in chain.events(from: start, to: min(end, deletion ?? end)) {
                events.append((task.id, task.uuid, event))
            }
        }
        events.sort {
            if ($0.event.start, $0.taskID, $0.event.occurrence) != ($1.event.start, $1.taskID, $1.event.occurrence) {
                return ($0.event.start, $0.taskID, $0.event.occurrence) < (
                    $1.event.start, $1.taskID, $1.event.occurrence
                )
            }
            // Two versions of one task with an event at the same start: ordered by version uuid text, as CareKit does.
            return $0.taskUUID.uuidString < $1.taskUUID.uuidString
        }
        let enrollmentDay = participant.enrollmentDayNumber
        return events.map { pair in
            let local = CivilDateTime(pair.event.start, timeZone: participant.timeZone)
            let day = CivilDate(year: local.year, month: local.month, day: local.day).dayNumber
            let found = values[EventKey(task: pair.taskUUID, occurrence: pair.event.occurrence)]
            var cells = Array(repeating: [OutcomeValue.Value](), count: columns.names.count)
            for (kind, value) in found ?? [] {
                guard let kind, let position = columns.position(task: pair.taskID, kind: kind) else { continue }
                cells[position].append(value)
            }
            return WideOutcomeRow(
                participant: participant, task: pair.taskID, occurrence: pair.event.occurrence,
                eventStart: pair.event.start, localStart: local,
                studyDay: Participant.studyDay(dayNumber: day, enrollmentDayNumber: enrollmentDay), cells: cells,
                completed: found != nil)
        }
    }
}
