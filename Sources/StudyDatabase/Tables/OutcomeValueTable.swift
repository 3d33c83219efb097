import PostgresNIO

/// The `outcome_value` table: an outcome's values in their order, typed as `OutcomeValue.Value` is — exactly one value
/// column is set, the one `type` names (docs/study-database.md, "Tables"). Every statement on it is here.
enum OutcomeValueTable {
    /// Schema version 1.
    static let createV1 = [
        """
        CREATE TABLE outcome_value (
            outcome_uuid uuid NOT NULL REFERENCES outcome (uuid),
            ordinal integer NOT NULL CHECK (ordinal >= 0),
            kind text,
            units text,
            type text NOT NULL CHECK (type IN ('integer', 'double', 'boolean', 'text', 'binary', 'date')),
            integer_value bigint,
            double_value double precision,
            boolean_value boolean,
            text_value text,
            binary_value bytea,
            date_value timestamptz,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (outcome_uuid, ordinal),
            CHECK (num_nonnulls(integer_value, double_value, boolean_value, text_value, binary_value, date_value) = 1))
        """
    ]
}
