import CareModel
import CareStore
import Foundation
import ResearchTasks
import RegimenFoundation

/// One outcome value with the event it belongs to: the row of `regimen outcomes`.
struct OutcomeRow {
    var task: String
    var occurrence: Int
    var eventStart: Date
    var value: OutcomeValue
    var taskRunUUID: UUID?

    static let header = ["task", "occurrence", "event start", "kind", "value", "units", "created date", "task run UUID"]

    /// The rows of `outcomes` (oldest event first), keeping only values of `kind` when given.
    static func rows(of outcomes: [Outcome], kind: String?, store: CareStore) throws(RegimenError) -> [OutcomeRow] {
        var taskIDs: [UUID: String] = [:]
        var rows: [OutcomeRow] = []
        for outcome in outcomes.sorted(by: { ($0.eventStart, $0.createdDate) < ($1.eventStart, $1.createdDate) }) {
            if taskIDs[outcome.taskVersionUUID] == nil {
                let version = try storeCall { () throws(CareStoreError) in try store.taskVersion(uuid: outcome.taskVersionUUID) }
                taskIDs[outcome.taskVersionUUID] = version?.id ?? outcome.taskVersionUUID.uuidString
            }
            for value in outcome.values where kind == nil || value.kind == kind {
                rows.append(OutcomeRow(
                    task: taskIDs[outcome.taskVersionUUID] ?? "", occurrence: outcome.occurrence, eventStart: outcome.eventStart,
                    value: value, taskRunUUID: outcome.taskRunUUID
                ))
            }
        }
        return rows
    }

    static func render(_ rows: [OutcomeRow], format: OutputFormat, timeZone: TimeZone) -> String {
        switch format {
        case .table:
            return rows.isEmpty ? "no outcomes" : TextTable(header: header, rows: rows.map { $0.fields(timeZone) }).render()
        case .csv:
            return CSV.render(header: header, rows: rows.map { $0.fields(timeZone) })
        case .json:
            return JSONWriter.prettyText(.array(rows.map { $0.json(timeZone) }))
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
