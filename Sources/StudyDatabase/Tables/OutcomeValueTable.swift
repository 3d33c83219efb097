import CareModel
import Foundation
import NIOCore
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

    /// Schema version 2: no foreign key to `outcome`, checked once per value row (docs/study-database.md, "Tables":
    /// who keeps the references whole).
    static let changesV2 = ["ALTER TABLE outcome_value DROP CONSTRAINT outcome_value_outcome_uuid_fkey"]
}

extension OutcomeValueTable {
    /// The columns `append` writes, in its order.
    static let copyColumns = [
        "outcome_uuid", "ordinal", "kind", "units", "type", "integer_value", "double_value", "boolean_value",
        "text_value",
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
            var integer: Int?
            var double: Double?
            var boolean: Bool?
            var text: String?
            var binary: Data?
            var date: Date?
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

// MARK: Reading

extension OutcomeValueTable {
    /// The values of the participant's outcomes that `OutcomeTable.outcomes` reads with the same arguments, each
    /// outcome's in order, handed to `body` with their outcome's uuid.
    static func values(
        participant: Participant, task: String?, from start: Date, to end: Date, liveOnly: Bool,
        _ connection: StudyConnection, _ body: (UUID, OutcomeValue) -> Void
    ) async throws(StudyDatabaseError) {
        let query: PostgresQuery = """
            SELECT v.outcome_uuid, v.kind, v.units, v.type, v.integer_value, v.double_value, v.boolean_value,
            v.text_value, v.binary_value, v.date_value, v.created_at
            FROM outcome_value v JOIN outcome o ON o.uuid = v.outcome_uuid
            JOIN task_version t ON t.uuid = o.task_uuid AND t.participant_id = o.participant_id
            WHERE o.participant_id = \(participant.id) AND o.event_start >= \(start) AND o.event_start < \(end)
            AND (\(task)::text IS NULL OR t.task_id = \(task)) AND (NOT \(liveOnly) OR o.ended_at IS NULL)
            ORDER BY v.outcome_uuid, v.ordinal
            """
        try await connection.forEachRow(query, "read the outcome values of \(participant.label)") { row in
            let (outcome, kind, units, type, integer, double, boolean, text, binary, date, created) = try row.decode(
                (UUID, String?, String?, String, Int?, Double?, Bool?, String?, ByteBuffer?, Date?, Date).self)
            let value = try Self.value(type, integer, double, boolean, text, binary, date)
            body(outcome, OutcomeValue(value, kind: kind, units: units, createdDate: created))
        }
    }

    /// The values of the participant's live outcomes (only task `task`'s when given) by event, each outcome's in
    /// order; an event whose live outcome has no values maps to an empty list. The wide table's one query: only the
    /// columns its cells show, one row per value.
    static func liveValuesByEvent(
        participant: Participant, task: String?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [EventKey: [(kind: String?, value: OutcomeValue.Value)]] {
        let query: PostgresQuery = """
            SELECT o.task_uuid, o.occurrence, v.kind, v.type, v.integer_value, v.double_value, v.boolean_value,
            v.text_value, v.binary_value, v.date_value
            FROM outcome o JOIN task_version t ON t.uuid = o.task_uuid AND t.participant_id = o.participant_id
            LEFT JOIN outcome_value v ON v.outcome_uuid = o.uuid
            WHERE o.participant_id = \(participant.id) AND o.ended_at IS NULL
            AND (\(task)::text IS NULL OR t.task_id = \(task))
            ORDER BY o.uuid, v.ordinal
            """
        var result: [EventKey: [(kind: String?, value: OutcomeValue.Value)]] = [:]
        try await connection.forEachRow(query, "read the outcome values of \(participant.label)") { row in
            let (task, occurrence, kind, type, integer, double, boolean, text, binary, date) = try row.decode(
                (UUID, Int, String?, String?, Int?, Double?, Bool?, String?, ByteBuffer?, Date?).self)
            let key = EventKey(task: task, occurrence: occurrence)
            guard let type else {
                result[key] = []
                return
            }
            result[key, default: []].append((kind, try Self.value(type, integer, double, boolean, text, binary, date)))
        }
        return result
    }

    /// The value a row holds in the column its `type` names (the table's CHECK keeps exactly that one set).
    static func value(
        _ type: String, _ integer: Int?, _ double: Double?, _ boolean: Bool?, _ text: String?, _ binary: ByteBuffer?,
        _ date: Date?
    ) throws(StudyDatabaseError) -> OutcomeValue.Value {
        switch type {
        case "integer": if let integer { return .integer(integer) }
        case "double": if let double { return .double(double) }
        case "boolean": if let boolean { return .boolean(boolean) }
        case "text": if let text { return .text(text) }
        case "binary": if let binary { return .binary(Data(binary.readableBytesView)) }
        case "date": if let date { return .date(date) }
        default: break
        }
        throw .corruptRow(what: "an outcome value", reason: "its type \(type) names no value it holds")
    }
}

extension OutcomeValueTable {
    /// The values of outcome versions `uuids`, each's in order, by outcome.
    static func values(of uuids: [UUID], _ connection: StudyConnection) async throws(StudyDatabaseError) -> [UUID:
        [OutcomeValue]]
    {
        var result: [UUID: [OutcomeValue]] = [:]
        guard !uuids.isEmpty else { return result }
        try await connection.forEachRow(
            """
            SELECT outcome_uuid, kind, units, type, integer_value, double_value, boolean_value, text_value, binary_value,
                date_value, created_at
            FROM outcome_value WHERE outcome_uuid = ANY(\(uuids)) ORDER BY outcome_uuid, ordinal
            """, "read the values to pull"
        ) { row in
            let (outcome, kind, units, type, integer, double, boolean, text, binary, date, created) = try row.decode(
                (UUID, String?, String?, String, Int?, Double?, Bool?, String?, ByteBuffer?, Date?, Date).self)
            let value = try Self.value(type, integer, double, boolean, text, binary, date)
            result[outcome, default: []].append(OutcomeValue(value, kind: kind, units: units, createdDate: created))
        }
        return result
    }
}
