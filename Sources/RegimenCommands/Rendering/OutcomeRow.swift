import CareModel
import CareStore
import Foundation
import RegimenFoundation
import ResearchTasks

/// One outcome value with the event it belongs to: the row of `regimen outcomes`.
struct OutcomeRow {
    var task: String
    var occurrence: Int
    var eventStart: Date
    var value: OutcomeValue
    var taskRunUUID: UUID?

    static let header = [
        "task", "occurrence", "event start", "kind", "value", "units", "created date", "task run UUID",
    ]

    /// Writes the rows of the outcomes `outcomes` opens (event order), keeping only values of `kind` when given, one
    /// at a time: CSV and JSON in one pass, the table in two (the first measures its columns).
    static func write(
        _ outcomes: () throws(CareStoreError) -> OutcomeCursor, snapshot: OutcomeSnapshot, kind: String?,
        format: OutputFormat, timeZone: TimeZone, to output: TableOutput
    ) throws(RegimenError) {
        var taskIDs = TaskIDs(snapshot: snapshot)
        switch format {
        case .csv:
            let table = try TableWriter(.csv, columns: header, output: output)
            try forEach(try storeCall(outcomes), kind: kind, taskIDs: &taskIDs) { row throws(RegimenError) in
                try table.write(row.fields(timeZone).map(TableCell.text))
            }
        case .json:
            let document = StreamedJSONDocument(array: output)
            try forEach(try storeCall(outcomes), kind: kind, taskIDs: &taskIDs) { row throws(RegimenError) in
                try document.append(row.json(timeZone))
            }
            try document.finish()
        case .table:
            var widths = Array(repeating: 0, count: header.count)
            TextTable.widen(&widths, toFit: header)
            var rows = 0
            try forEach(try storeCall(outcomes), kind: kind, taskIDs: &taskIDs) { row throws(RegimenError) in
                TextTable.widen(&widths, toFit: row.fields(timeZone))
                rows += 1
            }
            guard rows > 0 else { return try output.write("no outcomes\n") }
            try output.write(TextTable.line(header, widths: widths) + "\n")
            try forEach(try storeCall(outcomes), kind: kind, taskIDs: &taskIDs) { row throws(RegimenError) in
                try output.write(TextTable.line(row.fields(timeZone), widths: widths) + "\n")
            }
        }
    }

    /// Calls `body` with the rows of each outcome `cursor` reads.
    private static func forEach(
        _ cursor: OutcomeCursor, kind: String?, taskIDs: inout TaskIDs,
        _ body: (OutcomeRow) throws(RegimenError) -> Void
    ) throws(RegimenError) {
        while let outcome = try storeCall({ () throws(CareStoreError) in try cursor.next() }) {
            let task = try taskIDs.id(of: outcome.taskVersionUUID) ?? outcome.taskVersionUUID.uuidString
            for value in outcome.values where kind == nil || value.kind == kind {
                try body(
                    OutcomeRow(
                        task: task, occurrence: outcome.occurrence, eventStart: outcome.eventStart, value: value,
                        taskRunUUID: outcome.taskRunUUID))
            }
        }
    }

    private func fields(_ zone: TimeZone) -> [String] {
        [
            task, String(occurrence), ISO8601Text.string(eventStart, timeZone: zone), value.kind ?? "",
            value.value.text(timeZone: zone), value.units ?? "", ISO8601Text.string(value.createdDate, timeZone: zone),
            taskRunUUID?.uuidString ?? "",
        ]
    }

    private func json(_ zone: TimeZone) -> JSONValue {
        var object: JSONObject = [
            "task": .string(task), "occurrence": .integer(occurrence),
            "eventStart": .string(ISO8601Text.string(eventStart, timeZone: zone)),
            "type": .string(value.value.typeName), "value": value.value.json(timeZone: zone),
            "createdDate": .string(ISO8601Text.string(value.createdDate, timeZone: zone)),
        ]
        if let kind = value.kind { object["kind"] = .string(kind) }
        if let units = value.units { object["units"] = .string(units) }
        if let run = taskRunUUID { object["taskRunUUID"] = .string(run.uuidString) }
        return .object(object)
    }
}

/// The task ids of the task versions an export meets, each read once from its snapshot.
struct TaskIDs {
    let snapshot: OutcomeSnapshot
    private var known: [UUID: String?] = [:]

    init(snapshot: OutcomeSnapshot) {
        self.snapshot = snapshot
    }

    /// The id of version `uuid`; nil when the version is not stored.
    mutating func id(of uuid: UUID) throws(RegimenError) -> String? {
        if let id = known[uuid] { return id }
        let id = try storeCall { () throws(CareStoreError) in try snapshot.taskID(ofVersion: uuid) }
        known[uuid] = id
        return id
    }
}
