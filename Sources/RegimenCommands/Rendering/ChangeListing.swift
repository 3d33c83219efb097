import CareModel
import CareStore
import Foundation
import RegimenFoundation
import ResearchTasks

/// The change feed as printed by `regimen changes`: the changes after an anchor and the new anchor.
struct ChangeListing {
    let batch: ChangeBatch
    /// Task id per task version uuid.
    let taskIDs: [UUID: String]
    let timeZone: TimeZone

    static let header = [
        "sequence", "change", "task", "occurrence", "event start", "outcome id", "sync id", "version", "values",
    ]

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .json:
            return JSONWriter.prettyText(
                .object([
                    "anchor": .string(batch.anchor.description),
                    "changes": .array(batch.changes.map(json)),
                ]))
        case .table:
            let table =
                batch.changes.isEmpty
                ? "no changes" : TextTable(header: Self.header, rows: batch.changes.map(fields)).render()
            return "\(table)\nanchor: \(batch.anchor)"
        case .csv:
            return CSV.render(header: Self.header, rows: batch.changes.map(fields))
        }
    }

    private func task(_ change: OutcomeChange) -> String {
        taskIDs[change.outcome.taskVersionUUID] ?? change.outcome.taskVersionUUID.uuidString
    }

    private func fields(_ change: OutcomeChange) -> [String] {
        let outcome = change.outcome
        let values = outcome.values.map { value in
            "\(value.kind ?? "")=\(value.value.text(timeZone: timeZone))\(value.units.map { " \($0)" } ?? "")"
        }.joined(separator: "; ")
        return [
            String(change.sequence), change.kind.rawValue, task(change), String(outcome.occurrence),
            ISO8601Text.string(outcome.eventStart, timeZone: timeZone), outcome.id, outcome.syncID ?? "",
            String(outcome.syncVersion), change.kind == .added || change.kind == .replaced ? values : "",
        ]
    }

    private func json(_ change: OutcomeChange) -> JSONValue {
        let outcome = change.outcome
        var object: JSONObject = [
            "sequence": .integer(Int(change.sequence)), "change": .string(change.kind.rawValue),
            "task": .string(task(change)), "occurrence": .integer(outcome.occurrence),
            "eventStart": .string(ISO8601Text.string(outcome.eventStart, timeZone: timeZone)),
            "eventEnd": .string(ISO8601Text.string(outcome.eventEnd, timeZone: timeZone)),
            "outcomeID": .string(outcome.id), "outcomeUUID": .string(outcome.uuid.uuidString),
            "syncVersion": .integer(outcome.syncVersion),
            "createdDate": .string(ISO8601Text.string(outcome.createdDate, timeZone: timeZone)),
        ]
        if let sync = outcome.syncID { object["syncID"] = .string(sync) }
        if let run = outcome.taskRunUUID { object["taskRunUUID"] = .string(run.uuidString) }
        if change.kind == .added || change.kind == .replaced {
            object["values"] = .array(
                outcome.values.map { value in
                    var entry: JSONObject = [
                        "type": .string(value.value.typeName), "value": value.value.json(timeZone: timeZone),
                    ]
                    if let kind = value.kind { entry["kind"] = .string(kind) }
                    if let units = value.units { entry["units"] = .string(units) }
                    return .object(entry)
                })
        }
        return .object(object)
    }
}
