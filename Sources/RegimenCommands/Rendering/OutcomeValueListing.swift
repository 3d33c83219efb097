import CareModel
import Foundation
import RegimenFoundation
import ResearchTasks

/// Outcome values as a table or JSON, for `regimen extract`.
struct OutcomeValueListing {
    let values: [OutcomeValue]
    let timeZone: TimeZone

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table:
            if values.isEmpty { return "no values" }
            return TextTable(
                header: ["kind", "value", "units", "type"],
                rows: values.map {
                    [$0.kind ?? "", $0.value.text(timeZone: timeZone), $0.units ?? "", $0.value.typeName]
                }
            ).render()
        case .json:
            return JSONWriter.prettyText(.array(values.map(json)))
        case .csv:
            return CSV.render(
                header: ["kind", "value", "units", "type"],
                rows: values.map {
                    [$0.kind ?? "", $0.value.text(timeZone: timeZone), $0.units ?? "", $0.value.typeName]
                }
            )
        }
    }

    private func json(_ value: OutcomeValue) -> JSONValue {
        var object: JSONObject = [
            "type": .string(value.value.typeName),
            "value": value.value.json(timeZone: timeZone),
            "createdDate": .string(ISO8601Text.string(value.createdDate, timeZone: timeZone)),
        ]
        if let kind = value.kind { object["kind"] = .string(kind) }
        if let units = value.units { object["units"] = .string(units) }
        return .object(object)
    }
}
