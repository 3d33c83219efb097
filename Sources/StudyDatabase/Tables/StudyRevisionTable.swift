import Foundation
import PostgresNIO

/// The `study_revision` table: one immutable row per `regimen study publish`, holding the surveys published and what
/// changed from the revision before (docs/study-database.md, "Tables"). Every statement on it is here.
enum StudyRevisionTable {
    /// Schema version 1.
    static let createV1 = [
        """
        CREATE TABLE study_revision (
            study_id text NOT NULL REFERENCES study (id),
            revision integer NOT NULL CHECK (revision > 0),
            published_at timestamptz NOT NULL,
            published_by text NOT NULL,
            surveys jsonb NOT NULL,
            changes jsonb NOT NULL,
            PRIMARY KEY (study_id, revision))
        """
    ]
}

// MARK: Reading

extension StudyRevisionTable {
    /// One stored revision, as researchers' tables read it.
    struct Stored {
        var revision: Int
        var publishedAt: Date
        var publishedBy: String
        /// `surveys` as JSON text.
        var surveys: String
        /// `changes` as JSON text.
        var changes: String
    }

    /// Every revision of the study, oldest first.
    static func revisions(study: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> [Stored] {
        let rows = try await connection.rows(
            """
            SELECT revision, published_at, published_by, surveys::text, changes::text FROM study_revision
            WHERE study_id = \(study) ORDER BY revision
            """, "read the study revisions")
        return try rows.map { row throws(StudyDatabaseError) in
            guard let (revision, at, by, surveys, changes) = try? row.decode((Int, Date, String, String, String).self) else {
                throw .failed(operation: "read the study revisions", sqlState: nil, detail: "a revision row cannot be read")
            }
            return Stored(revision: revision, publishedAt: at, publishedBy: by, surveys: surveys, changes: changes)
        }
    }
}
