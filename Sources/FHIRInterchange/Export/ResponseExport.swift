package import Catalog
package import Foundation
package import RegimenFoundation
package import ResearchTasks

/// A task result as a FHIR R4 QuestionnaireResponse to the survey's exported Questionnaire (docs/fhir-export.md,
/// "QuestionnaireResponse"): items nested as the Questionnaire nests them, only answered ones.
package enum ResponseExport {
    /// Whether the run is finished (`completed`) or kept to finish later (`in-progress`).
    package enum Status: String, Sendable {
        /// A finished run (a result file).
        case completed
        /// A run kept to finish later.
        case inProgress = "in-progress"
    }

    /// The QuestionnaireResponse of `result`, a run of the survey of `entry`; dates without an offset of their own
    /// are written in `timeZone`.
    package static func resource(_ result: TaskResult, entry: CatalogEntry, status: Status, timeZone: TimeZone)
        -> JSONValue
    {
        var response = FHIRElement([
            "resourceType": .string("QuestionnaireResponse"), "id": .string(result.taskRunUUID.uuidString.lowercased()),
            "questionnaire": .string(QuestionnaireCanonical(entry: entry).reference),
            "status": .string(status.rawValue),
            "authored": .string(authored(result, timeZone: timeZone)),
        ])
        // The language the survey was shown in, as the run recorded it (docs/languages.md).
        if case .string(let language)? = result.userInfo?["language"] { response["language"] = .string(language) }
        // The items are walked as the expression resource walks them (ResearchTasks' ResponseResource), with the
        // exported Questionnaire's value types and the items' texts.
        let writer = ResponseResource.ItemWriter(
            answers: { _, format, details, question in
                AnswerValues.values(question.value, format: format, details: details, timeZone: timeZone)
                    .compactMap { value -> JSONObject? in
                        if case .object(let members)? = value.element("value").json { members } else { nil }
                    }
            },
            stepText: { $0.itemText }, itemText: { $0.text }, groupText: { $0.text })
        let items = ResponseResource.items(of: result, task: entry.task, writer: writer)
        response["item"] = items.isEmpty ? nil : .array(items)
        return response.json ?? .null
    }

    /// The run's end as written in the file (its own offset), else in `timeZone`.
    static func authored(_ result: TaskResult, timeZone: TimeZone) -> String {
        if case .string(let written)? = result.source?["endDate"], let text = FHIRDateText.dateTime(writtenAs: written)
        {
            return text
        }
        return FHIRDateText.dateTime(result.endDate, timeZone: timeZone)
    }
}
