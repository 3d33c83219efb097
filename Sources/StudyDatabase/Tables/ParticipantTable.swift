import PostgresNIO

/// The `participant` table: one row per enrolled participant, with the enrollment instant and home time zone their
/// schedules use; withdrawal keeps the row and its data (docs/study-database.md, "Tables"). Every statement on it is
/// here.
enum ParticipantTable {
    /// Schema version 1. `server_seq` counts the participant's stored rows (the order study sync pulls them in).
    static let createV1 = [
        """
        CREATE TABLE participant (
            id uuid PRIMARY KEY,
            study_id text NOT NULL REFERENCES study (id),
            label text NOT NULL CHECK (label ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
            enrolled_at timestamptz NOT NULL,
            home_time_zone text NOT NULL,
            withdrawn_at timestamptz,
            server_seq bigint NOT NULL DEFAULT 0,
            UNIQUE (study_id, label))
        """
    ]
}
