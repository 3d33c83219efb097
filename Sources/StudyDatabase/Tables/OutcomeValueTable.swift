import CareModel
import Foundation
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

extension OutcomeValueTable {
    /// The columns `append` writes, in its order.
    static let copyColumns = [
        "outcome_uuid", "ordinal", "kind", "units", "type", "integer_value", "double_value", "boolean_value", "text_value",
        "binary_value", "date_value", "created_at",
    ]

    /// Appends `outcome`'s values, in their order, to a COPY of `copyColumns`.
    static func append(valuesOf outcome: Outcome, to rows: inout CopyTextRows) {
        for (ordinal, value) in outcome.values.enumerated() {
            rows.uuid(outcome.uuid)
            rows.integer(ordinal)
            rows.text(value.kind)
            rows.text(value.units)
            rows.text(value.value.typeName)
            var integer: Int?, double: Double?, boolean: Bool?, text: String?, binary: Data?, date: Date?
            switch value.value {
            case .integer(let number): integer = number
            case .double(let number): double = number
            case .boolean(let flag): boolean = flag
            case .text(let words): text = words
            case .binary(let bytes): binary = bytes
            case .date(let instant): date = instant
            }
            rows.integer(integer)
            rows.double(double)
            rows.boolean(boolean)
            rows.text(text)
            rows.binary(binary)
            rows.timestamp(date)
            rows.timestamp(value.createdDate)
            rows.endRow()
        }
    }
}
