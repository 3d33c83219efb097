import PostgresNIO

/// The `task_version` table: each participant's versions of each task (CareKit's task versions), made by publishing;
/// a version's schedule is in the participant's home zone, as `ScheduleJSON` text (docs/study-database.md, "Tables").
/// Every statement on it is here.
enum TaskVersionTable {
    /// Schema version 1.
    static let createV1 = [
        """
        CREATE TABLE task_version (
            uuid uuid PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            task_id text NOT NULL,
            previous_uuid uuid REFERENCES task_version (uuid),
            study_revision integer NOT NULL,
            title text NOT NULL,
            instructions text,
            impacts_adherence boolean NOT NULL,
            schedule jsonb NOT NULL,
            effective_at timestamptz NOT NULL,
            deleted_at timestamptz,
            source_digest text,
            created_at timestamptz NOT NULL,
            server_seq bigint NOT NULL)
        """,
        "CREATE INDEX task_version_by_participant ON task_version (participant_id, task_id, effective_at)",
    ]
}
