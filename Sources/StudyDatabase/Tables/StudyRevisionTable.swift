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

extension StudyRevisionTable {
    /// Stores `revision` of study `studyID`; its tasks and changes as JSON arrays.
    static func insert(_ revision: StudyRevision, studyID: String, _ connection: StudyConnection)
        async throws(StudyDatabaseError)
    {
        let surveys = try encode(revision.tasks)
        let changes = try encode(revision.changes)
        try await connection.execute(
            """
            INSERT INTO study_revision (study_id, revision, published_at, published_by, surveys, changes)
            VALUES (\(studyID), \(revision.number), \(revision.publishedAt), \(revision.publishedBy), \(surveys)::jsonb,
                \(changes)::jsonb)
            """, "store the revision")
    }

    /// Revision `number` of the study, if stored.
    static func revision(_ number: Int, studyID: String, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> StudyRevision?
    {
        let rows = try await connection.rows(
            """
            SELECT revision, published_at, published_by, surveys::text, changes::text FROM study_revision
            WHERE study_id = \(studyID) AND revision = \(number)
            """, "read revision \(number)")
        return try rows.first.map { row throws(StudyDatabaseError) in try revision(from: row) }
    }

    /// Every revision of the study, oldest first.
    static func all(studyID: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> [StudyRevision]
    {
        let rows = try await connection.rows(
            """
            SELECT revision, published_at, published_by, surveys::text, changes::text FROM study_revision
            WHERE study_id = \(studyID) ORDER BY revision
            """, "list the revisions")
        var revisions: [StudyRevision] = []
        for row in rows { revisions.append(try revision(from: row)) }
        return revisions
    }

    private static func revision(from row: PostgresRow) throws(StudyDatabaseError) -> StudyRevision {
        let (number, at, by, surveys, changes) = try row.decoded(
            (Int, Date, String, String, String).self, what: "a study revision")
        do {
            let decoder = JSONDecoder()
            return StudyRevision(
                number: number, publishedAt: at, publishedBy: by,
                tasks: try decoder.decode([PublishedTask].self, from: Data(surveys.utf8)),
                changes: try decoder.decode([TaskChange].self, from: Data(changes.utf8)))
        } catch {
            throw .corruptRow(what: "revision \(number)", reason: "its tasks or changes cannot be read: \(error)")
        }
    }

    private static func encode<Value: Encodable>(_ value: Value) throws(StudyDatabaseError) -> String {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .failed(operation: "store the revision", sqlState: nil, detail: "\(error)")

        }
    }
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
            let (revision, at, by, surveys, changes) = try row.decoded(
                (Int, Date, String, String, String).self, what: "a study revision")
            return Stored(revision: revision, publishedAt: at, publishedBy: by, surveys: surveys, changes: changes)
        }
    }
}
