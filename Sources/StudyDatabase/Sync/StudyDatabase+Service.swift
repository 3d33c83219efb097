package import Foundation
import Logging
package import PostgresNIO

extension StudyDatabase {
    /// The study `studyID` on a connection leased from the service's pool, for one request.
    package static func leased(
        _ connection: PostgresConnection, url: DatabaseURL, studyID: String, logger: Logger
    ) -> StudyDatabase {
        StudyDatabase(connection: .leased(connection, url: url, logger: logger), studyID: studyID)
    }

    /// Checks that the connected database holds a schema this program can serve and study `studyID` (the only study
    /// when nil); returns the study's id. A newer schema is served as long as it keeps what this program reads
    /// (docs/study-service.md, "Versions"); an older one must be migrated first.
    package static func servedStudy(
        _ connection: StudyConnection, studyID: String?
    ) async throws(StudyDatabaseError) -> String {
        let version = try await SchemaMigrations.version(connection)
        guard version > 0 else { throw .notInitialized(database: connection.url.database) }
        guard version >= SchemaMigrations.current else {
            throw .schemaOutdated(found: version, current: SchemaMigrations.current)
        }
        let known = try await StudyTable.ids(connection)
        if let studyID {
            guard known.contains(studyID) else { throw .studyNotFound(id: studyID, known: known) }
            return studyID
        }
        guard known.count == 1, let only = known.first else { throw .studyNotNamed(known: known) }
        return only
    }

    /// Uses enrollment code `code` for a new device of its participant and issues the device's bearer token, in one
    /// transaction, recorded in the audit log. An unknown, used or expired code is `enrollmentCodeInvalid`; so is a
    /// code of another participant than `participantID` when given (the code then stays unused).
    package func enrollDeviceWithToken(
        code: EnrollmentCode, requiring participantID: UUID?
    ) async throws(StudyDatabaseError) -> (DeviceEnrollment, DeviceToken) {
        let studyID = studyID
        return try await Self.inTransaction(connection, "enroll devices") {
            connection async throws(StudyDatabaseError) in
            let device = try await Self.enrollDevice(code: code, requiring: participantID, studyID: studyID, connection)
            let token = DeviceToken.random()
            try await DeviceTokenTable.insert(token, deviceID: device.deviceID, connection)
            let audit = AuditedAction.device("device-enroll", device.deviceID)
            try await AuditEventTable.insert(
                studyID: studyID, actor: audit.actor, action: audit.action, deviceID: device.deviceID,
                detail: "participant \(device.participant.label)", connection)
            return (device, token)
        }
    }

    /// The device and participant `token` speaks for in this study, nil when no device of the study has it. A revoked
    /// token is returned as such (its device's next request is refused).
    package func authenticate(_ token: DeviceToken) async throws(StudyDatabaseError) -> DeviceCredential? {
        try await DeviceTokenTable.find(digest: token.digest, studyID: studyID, connection)
    }

    /// What the study knows of device `deviceID`: its participant, enrollment, last sync, acknowledged outbox number
    /// and the participant's newest row number.
    package func deviceStatus(deviceID: UUID) async throws(StudyDatabaseError) -> DeviceState {
        let rows = try await connection.rows(
            """
            SELECT p.label, d.enrolled_at, d.last_sync_at, d.acked_local_seq, p.server_seq
            FROM device d JOIN participant p ON p.id = d.participant_id
            WHERE d.id = \(deviceID) AND p.study_id = \(studyID)
            """, "read the device")
        guard let row = rows.first else { throw .deviceUnknown(deviceID: deviceID) }
        do {
            let (label, enrolled, last, acked, seq) = try row.decode((String, Date, Date?, Int64, Int64).self)
            return DeviceState(
                deviceID: deviceID, participantLabel: label, enrolledAt: enrolled, lastSyncAt: last,
                ackedLocalSeq: acked,
                participantSeq: seq)
        } catch {
            throw .corruptRow(what: "device \(deviceID.uuidString.lowercased())", reason: "\(error)")
        }
    }

    /// Revokes device `deviceID`'s tokens at once (its next request is refused; its answers stay), recorded in the
    /// audit log. A device of no participant of this study is `deviceUnknown`; returns how many tokens were live.
    package func revoke(deviceID: UUID) async throws(StudyDatabaseError) -> Int {
        let studyID = studyID
        return try await Self.inTransaction(connection, "revoke devices") {
            connection async throws(StudyDatabaseError) in
            let rows = try await connection.rows(
                """
                SELECT p.label FROM device d JOIN participant p ON p.id = d.participant_id
                WHERE d.id = \(deviceID) AND p.study_id = \(studyID)
                """, "read the device")
            guard let row = rows.first else { throw .deviceUnknown(deviceID: deviceID) }
            let label = try row.decoded(String.self, what: "device \(deviceID)'s participant")
            let revoked = try await DeviceTokenTable.revoke(deviceID: deviceID, connection)
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "revoke", deviceID: deviceID,
                detail: "participant \(label), \(revoked) token\(revoked == 1 ? "" : "s")", connection)
            return revoked
        }
    }

    /// Records a researcher's change to the study in the audit log: `action` (`publish`, `enroll`, …) with `detail`
    /// (labels and counts), as the database login and role in effect.
    package func recordAudit(_ action: String, deviceID: UUID? = nil, detail: String) async throws(StudyDatabaseError) {
        try await AuditEventTable.insert(
            studyID: studyID, actor: nil, action: action, deviceID: deviceID, detail: detail, connection)
    }

    /// The study's audit log from `since` on (all of it when nil), oldest first.
    package func auditLog(since: Date?) async throws(StudyDatabaseError) -> [AuditEvent] {
        try await AuditEventTable.events(studyID: studyID, since: since, connection)
    }
}

extension StudyDatabase {
    /// What an up-to-date sync's one statement found (docs/study-service.md, "Up-to-date syncs").
    package enum QuickSync: Sendable, Equatable {
        /// No device of the study has the token.
        case unknownToken
        /// The token was revoked.
        case revoked(DeviceCredential)
        /// Done: an empty push recorded (the acknowledged number, the clock offset), or a pull that found nothing
        /// after the anchor.
        case done(DeviceCredential, acknowledged: Int64, clockOffsetMilliseconds: Int64?)
        /// The statement cannot decide alone (the participant withdrawn, a store behind what was acknowledged, rows to
        /// pull): the full path decides, with its own errors.
        case needsFullPath(DeviceCredential)
    }

    /// An empty push by the device `token` speaks for, in one statement: the token checked (its last use recorded at
    /// most once a minute), and — when the device's acknowledged number is within `outboxEnd` and its participant not
    /// withdrawn — the sync and the clock offset against `deviceNow` recorded, exactly as `push` records them for no
    /// changes. An up-to-date device's push is most of a study's traffic; it needs no participant lock, since it adds
    /// no row.
    package func quickEmptyPush(
        token: DeviceToken, outboxEnd: Int64, deviceNow: Date
    ) async throws(StudyDatabaseError) -> QuickSync {
        let rows = try await connection.rows(
            QuickSyncStatements.EmptyPush(
                digest: token.digest, studyID: studyID, deviceNow: deviceNow, outboxEnd: outboxEnd),
            "record an up-to-date sync")
        guard let (device, participant, revoked, acked, offset, synced) = rows.first else { return .unknownToken }
        let credential = DeviceCredential(deviceID: device, participantID: participant, revoked: revoked)
        if revoked { return .revoked(credential) }
        guard synced == 1 else { return .needsFullPath(credential) }
        return .done(credential, acknowledged: acked, clockOffsetMilliseconds: offset)
    }

    /// A pull by the device `token` speaks for, in one statement when there is nothing after `anchor`: the token
    /// checked, and the participant's newest row number compared with the anchor (every row's number is at most it,
    /// committed with it). `.done` means an empty page; `.needsFullPath` that `pull` must read the rows.
    package func quickPull(token: DeviceToken, after anchor: Int64) async throws(StudyDatabaseError) -> QuickSync {
        let rows = try await connection.rows(
            QuickSyncStatements.Pull(digest: token.digest, studyID: studyID), "check for rows to pull")
        guard let (device, participant, revoked, seq) = rows.first else { return .unknownToken }
        let credential = DeviceCredential(deviceID: device, participantID: participant, revoked: revoked)
        if revoked { return .revoked(credential) }
        return seq <= anchor
            ? .done(credential, acknowledged: 0, clockOffsetMilliseconds: nil) : .needsFullPath(credential)
    }
}
