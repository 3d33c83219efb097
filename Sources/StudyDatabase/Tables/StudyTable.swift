import PostgresNIO

/// The `study` table: one row per study in the database, holding its current revision (docs/study-database.md,
/// "Tables"). Every statement on it is here.
enum StudyTable {
    /// Schema version 1.
    static let createV1 = [
        """
        CREATE TABLE study (
            id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
            revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
            created_at timestamptz NOT NULL DEFAULT now())
        """
    ]

    /// Creates study `id` unless it exists; true when it was created.
    static func create(id: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Bool {
        let rows = try await connection.rows(
            "INSERT INTO study (id) VALUES (\(id)) ON CONFLICT (id) DO NOTHING RETURNING id", "create study \(id)")
        return !rows.isEmpty
    }

    /// The ids of every study, sorted.
    static func ids(_ connection: StudyConnection) async throws(StudyDatabaseError) -> [String] {
        let rows = try await connection.rows("SELECT id FROM study ORDER BY id", "list studies")
        return try rows.map { row throws(StudyDatabaseError) in try row.decoded(String.self, what: "a study id") }
    }

    /// The study's current revision (0 before the first publish).
    static func revision(of id: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Int {
        let rows = try await connection.rows("SELECT revision FROM study WHERE id = \(id)", "read the study revision")
        guard let row = rows.first else { throw .studyNotFound(id: id, known: []) }
        let revision = try row.decoded(Int.self, what: "study \(id)'s revision")
        return revision
    }

    /// Moves the study from revision `expected` to `expected + 1`, compare-and-set: returns false (and changes
    /// nothing) when another publish got there first.
    static func advance(id: String, from expected: Int, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> Bool
    {
        let rows = try await connection.rows(
            "UPDATE study SET revision = revision + 1 WHERE id = \(id) AND revision = \(expected) RETURNING revision",
            "advance the study revision")
        return !rows.isEmpty
    }
}

extension StudyTable {
    /// The study's current revision, its row held (`FOR SHARE`) until the transaction ends, so no publish changes it
    /// meanwhile (an enrollment takes the tasks of the revision it read).
    static func lockedRevision(of id: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Int {
        let rows = try await connection.rows(
            "SELECT revision FROM study WHERE id = \(id) FOR SHARE", "read the study revision")
        guard let row = rows.first else { throw .studyNotFound(id: id, known: []) }
        let revision = try row.decoded(Int.self, what: "study \(id)'s revision")
        return revision
    }
}
