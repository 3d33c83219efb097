package import Foundation

/// What one participant got from a publish.
package struct ParticipantPublication: Sendable, Hashable {
    /// The participant.
    package var participant: Participant
    /// The versions made for them, in task order (empty when withdrawn or when nothing changed for them).
    package var versions: [VersionNote]
}

/// What `publish` did (or, on a dry run, would have done).
package struct PublishReport: Sendable, Hashable {
    /// The revision made.
    package var revision: StudyRevision
    /// The ids of published tasks whose survey file is unchanged.
    package var unchanged: [String]
    /// Every participant, by label.
    package var participants: [ParticipantPublication]
    /// True when nothing was kept (`--dry-run`).
    package var dryRun: Bool
}

extension StudyDatabase {
    /// `regimen study publish`: makes revision `expected + 1` publishing `tasks` at `now`, in one transaction. The
    /// study must be at `expected` (compare-and-set: else `revisionConflict`, nothing changed). Every participant not
    /// withdrawn gets new versions of the tasks whose digest changed, first versions of new tasks, and tombstones of
    /// removed ones (docs/study-database.md, "Publishing and revisions"). A dry run does it all and rolls back.
    package func publish(
        tasks: [PublishedTask], expecting expected: Int, now: Date, dryRun: Bool, schedules: @escaping ScheduleMaker
    ) async throws(StudyDatabaseError) -> PublishReport {
        let studyID = studyID
        let publisher = connection.url.user
        return try await Self.inTransaction(connection, "publish a revision", rollingBack: dryRun) {
            connection async throws(StudyDatabaseError) in
            guard try await StudyTable.advance(id: studyID, from: expected, connection) else {
                let current = try await StudyTable.revision(of: studyID, connection)
                throw .revisionConflict(expected: expected, current: current)
            }
            let previous =
                expected > 0
                ? try await StudyRevisionTable.revision(expected, studyID: studyID, connection)?.tasks ?? [] : []
            let revision = StudyRevision(
                number: expected + 1, publishedAt: now, publishedBy: publisher, tasks: tasks,
                changes: TaskChange.between(previous, tasks))
            try await StudyRevisionTable.insert(revision, studyID: studyID, connection)
            let participants = try await ParticipantTable.all(studyID: studyID, locked: true, connection)
            let active = participants.filter { $0.withdrawnAt == nil }.map(\.id)
            let chains = try await TaskVersionTable.chains(participants: active, connection)
            let answered = try await TaskVersionTable.latestAnsweredEvents(participants: active, connection)
            var publications: [ParticipantPublication] = []
            var plans: [UUID: VersionPlan] = [:]
            for participant in participants {
                guard participant.withdrawnAt == nil else {
                    publications.append(ParticipantPublication(participant: participant, versions: []))
                    continue
                }
                let plan = try VersionPlan.make(
                    for: participant, tasks: tasks, revision: revision.number, now: now,
                    chains: chains[participant.id] ?? [:], answered: answered[participant.id] ?? [:],
                    schedules: schedules)
                plans[participant.id] = plan
                publications.append(ParticipantPublication(participant: participant, versions: plan.notes))
            }
            try await Self.store(plans, connection)
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "publish", deviceID: nil,
                detail: "revision \(revision.number): \(tasks.count) tasks for \(plans.count) participants", connection)
            let previousDigests = Dictionary(
                previous.map { ($0.id, $0.digest) }, uniquingKeysWith: { first, _ in first })
            return PublishReport(
                revision: revision, unchanged: tasks.filter { previousDigests[$0.id] == $0.digest }.map(\.id),
                participants: publications, dryRun: dryRun)
        }
    }

    /// Every revision of the study, oldest first (`regimen study revisions`).
    package func revisions() async throws(StudyDatabaseError) -> [StudyRevision] {
        try await StudyRevisionTable.all(studyID: studyID, connection)
    }

    /// Stores the plans' rows (per participant id), each numbered in its participant's sequence of stored rows:
    /// one statement reserves every participant's numbers, a few more insert the rows.
    static func store(_ plans: [UUID: VersionPlan], _ connection: StudyConnection) async throws(StudyDatabaseError) {
        let counts = plans.compactMapValues { $0.rows.isEmpty ? nil : $0.rows.count }
        let first = try await ParticipantTable.reserveSeqs(counts, connection)
        var rows: [TaskVersionRow] = []
        rows.reserveCapacity(counts.values.reduce(0, +))
        for (id, plan) in plans.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            guard var seq = first[id] else { continue }
            for var row in plan.rows {
                row.serverSeq = seq
                seq += 1
                rows.append(row)
            }
        }
        try await TaskVersionTable.insert(rows, connection)
    }

    /// Runs `body` in one transaction, committed — or rolled back when `rollingBack` (a dry run), its result
    /// returned all the same. A role that may not write is refused as not allowed to do `operation` (not the
    /// statement that found out).
    static func inTransaction<Result: Sendable>(
        _ connection: StudyConnection, _ operation: String, rollingBack: Bool = false,
        _ body: (StudyConnection) async throws(StudyDatabaseError) -> Result
    ) async throws(StudyDatabaseError) -> Result {
        do {
            return try await connection.transaction(operation) { connection in
                let result = try await body(connection)
                if rollingBack { throw RolledBack(result: result) }
                return result
            }
        } catch let rolledBack as RolledBack<Result> {
            return rolledBack.result
        } catch let error as StudyDatabaseError {
            if case .permissionDenied(_, let role) = error { throw .permissionDenied(operation: operation, role: role) }
            throw error
        } catch {
            throw .failed(operation: operation, sqlState: nil, detail: "\(error)")
        }
    }
}

/// Thrown out of a dry run's transaction to roll it back, carrying its result.
struct RolledBack<Result: Sendable>: Error {
    let result: Result
}
