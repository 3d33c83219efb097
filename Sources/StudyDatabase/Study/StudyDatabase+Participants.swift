package import Foundation

/// What `enroll` did.
package struct EnrollReport: Sendable, Hashable {
    /// The participant enrolled.
    package var participant: Participant
    /// The study's revision at enrollment (0: nothing published yet).
    package var revision: Int
    /// The task versions they got from it.
    package var versions: [VersionNote]
    /// The one-time code that enrolls their first device (docs/study-sync.md, "Enrollment").
    package var code: EnrollmentCode
    /// When the code expires.
    package var codeExpiresAt: Date
}

extension StudyDatabase {
    /// `regimen study enroll`: adds participant `label` living in `zoneIdentifier` (an IANA id), enrolled at
    /// `enrolledAt`. When a revision is published they get its tasks from their enrollment day, and a code for their
    /// first device, in the same transaction (docs/study-database.md, "Participants and study days").
    package func enroll(
        label: String, zoneIdentifier: String, enrolledAt: Date, now: Date, schedules: @escaping ScheduleMaker
    ) async throws(StudyDatabaseError) -> EnrollReport {
        guard Participant.isValid(label: label) else { throw .invalidLabel(label) }
        guard let zone = Participant.ianaZone(zoneIdentifier) else { throw .invalidTimeZone(zoneIdentifier) }
        let participant = Participant(label: label, enrolledAt: enrolledAt, timeZone: zone)
        let studyID = studyID
        return try await Self.inTransaction(connection, "enroll participants") {
            connection async throws(StudyDatabaseError) in
            let revision = try await StudyTable.lockedRevision(of: studyID, connection)
            if try await ParticipantTable.find(label: label, studyID: studyID, connection) != nil {
                throw .participantExists(label: label)
            }
            try await ParticipantTable.insert(participant, studyID: studyID, connection)
            let (code, expires) = try await Self.issueCode(participantID: participant.id, connection)
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "enroll", deviceID: nil,
                detail: "participant \(label), home zone \(zone.identifier), first device's code issued", connection)
            guard revision > 0,
                let published = try await StudyRevisionTable.revision(revision, studyID: studyID, connection)
            else {
                return EnrollReport(
                    participant: participant, revision: revision, versions: [], code: code, codeExpiresAt: expires)
            }
            let plan = try VersionPlan.make(
                for: participant, tasks: published.tasks, revision: revision, now: now, chains: [:], answered: [:],
                schedules: schedules)
            try await Self.store([participant.id: plan], connection)
            return EnrollReport(
                participant: participant, revision: revision, versions: plan.notes, code: code, codeExpiresAt: expires)
        }
    }

    /// `regimen study withdraw`: records that `label` withdrew at `now`, keeping all their data. Returns the
    /// participant as they are now and whether this call withdrew them (false: they already were).
    package func withdraw(label: String, now: Date) async throws(StudyDatabaseError) -> (
        participant: Participant, withdrawnNow: Bool
    ) {
        let studyID = studyID
        return try await Self.inTransaction(connection, "withdraw participants") {
            connection async throws(StudyDatabaseError) in
            guard
                var participant = try await ParticipantTable.find(
                    label: label, studyID: studyID, locked: true, connection)
            else {
                throw .participantNotFound(label: label)
            }
            guard participant.withdrawnAt == nil,
                try await ParticipantTable.withdraw(id: participant.id, at: now, connection)
            else {
                return (participant, false)
            }
            participant.withdrawnAt = now
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "withdraw", deviceID: nil, detail: "participant \(label)",
                connection)
            return (participant, true)
        }
    }

    /// Every participant of the study, by label (`regimen study participants`).
    package func participants() async throws(StudyDatabaseError) -> [Participant] {
        try await ParticipantTable.all(studyID: studyID, connection)
    }

    /// The participant labeled `label`, or `participantNotFound`.
    package func participant(label: String) async throws(StudyDatabaseError) -> Participant {
        guard let participant = try await ParticipantTable.find(label: label, studyID: studyID, connection) else {
            throw .participantNotFound(label: label)
        }
        return participant
    }
}
