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
