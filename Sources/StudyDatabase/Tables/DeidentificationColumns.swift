import Foundation
import NIOCore
import PostgresNIO

/// The columns de-identified exports read (docs/deidentified-exports.md): the study's secret, which keys the hash of
/// its participants' labels, and each participant's date shift in whole weeks. Both are drawn by PostgreSQL's
/// `gen_random_uuid()`, which reads the server's strong random source (`pg_strong_random`), once: for rows that exist
/// when the migration runs, and by the column default for every row added later. Every statement on them is here.
enum DeidentificationColumns {
    /// Schema version 5. The secret is two random UUIDs' 32 bytes (244 random bits); the shift is −7 × (1…52) days,
    /// so weekdays, study days and intervals stay as they are. `regimen_service` reads neither (`AccessRoles`).
    static let createV5 = [
        """
        ALTER TABLE study ADD COLUMN deidentify_secret bytea NOT NULL
            DEFAULT (uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
        """,
        """
        ALTER TABLE participant ADD COLUMN deidentify_shift_days integer NOT NULL
            DEFAULT (-7 * (1 + (get_byte(uuid_send(gen_random_uuid()), 0) * 256
                + get_byte(uuid_send(gen_random_uuid()), 1)) % 52))
            CHECK (deidentify_shift_days < 0 AND deidentify_shift_days % 7 = 0)
        """,
    ]

    /// The study's secret and every participant's shift, by participant id.
    static func read(studyID: String, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> DeidentificationKeys
    {
        let secretRows = try await connection.rows(
            "SELECT deidentify_secret FROM study WHERE id = \(studyID)", "read the study's de-identification key")
        guard let row = secretRows.first else { throw .studyNotFound(id: studyID, known: []) }
        let stored = try row.decoded(ByteBuffer.self, what: "the study's de-identification key")
        let secret = Array(stored.readableBytesView)
        guard secret.count >= 16 else {
            throw .corruptRow(what: "study \(studyID)", reason: "its de-identification key is too short")
        }
        let shiftRows = try await connection.rows(
            "SELECT id, deidentify_shift_days FROM participant WHERE study_id = \(studyID)",
            "read the participants' date shifts")
        var shifts: [UUID: Int] = [:]
        for row in shiftRows {
            let (id, days) = try row.decoded((UUID, Int).self, what: "a participant's date shift")
            guard days < 0, days % 7 == 0 else {
                throw .corruptRow(what: "participant \(id)", reason: "its date shift is not a whole number of weeks")
            }
            shifts[id] = days
        }
        return DeidentificationKeys(secret: secret, shiftDays: shifts)
    }
}
