import PostgresNIO

/// The `outcome` table: every outcome version ever stored for a participant's event — live, replaced, deleted or
/// superseded — with the sync identifier and version that make ingest idempotent (docs/study-database.md, "Tables").
/// Every statement on it is here.
enum OutcomeTable {
    /// Schema version 1. At most one live (not ended) outcome per event.
    static let createV1 = [
        """
        CREATE TABLE outcome (
            uuid uuid PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            id text NOT NULL,
            task_uuid uuid NOT NULL REFERENCES task_version (uuid),
            occurrence integer NOT NULL CHECK (occurrence >= 0),
            event_start timestamptz NOT NULL,
            event_end timestamptz NOT NULL,
            sync_id text NOT NULL,
            sync_version integer NOT NULL,
            task_run_uuid uuid,
            run_end_at timestamptz,
            recorded_time_zone text,
            recorded_utc_offset integer,
            source_file text,
            created_at timestamptz NOT NULL,
            ended_at timestamptz,
            end_reason text CHECK (end_reason IN ('replaced', 'deleted', 'superseded')),
            server_seq bigint NOT NULL,
            received_at timestamptz NOT NULL DEFAULT now(),
            CHECK ((ended_at IS NULL) = (end_reason IS NULL)))
        """,
        "CREATE UNIQUE INDEX outcome_one_live_per_event ON outcome (task_uuid, occurrence) WHERE ended_at IS NULL",
        "CREATE INDEX outcome_by_sync_id ON outcome (participant_id, sync_id)",
        "CREATE INDEX outcome_by_participant_seq ON outcome (participant_id, server_seq)",
    ]
}
