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
        var items: [FHIRElement] = []
        for step in entry.task.steps {
            guard let stepResult = result.stepResult(forStep: step.identifier) else { continue }
            switch step.content {
            case .question(let question):
                let item = answered(
                    step.identifier, linkId: step.fhirLinkId, text: step.itemText, format: question.answerFormat,
                    details: step.fhir,
                    in: stepResult, timeZone: timeZone
                )
                if let item { items.append(item) }
            case .form(let form):
                var group = FHIRElement([
                    "linkId": .string(step.fhirLinkId), "text": step.itemText.map(JSONValue.string),
                ])
                group["item"] = answered(form.elements, in: stepResult, timeZone: timeZone).json
                if group["item"] != nil { items.append(group) }
            case .instruction, .completion, .consentReview, .rangeOfMotion:
                continue
            }
        }
        response["item"] = items.json
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

    /// The answered items of a form's (or group's) elements; a nested group only when something in it is answered.
    private static func answered(_ elements: [FormElement], in stepResult: StepResult, timeZone: TimeZone)
        -> [FHIRElement]
    {
        elements.compactMap { element in
            switch element {
            case .section:
                return nil
            case .item(let formItem):
                return answered(
                    formItem.identifier, linkId: formItem.fhirLinkId, text: formItem.text,
                    format: formItem.answerFormat,
                    details: formItem.fhir, in: stepResult, timeZone: timeZone
                )
            case .group(let group):
                var item = FHIRElement(["linkId": .string(group.fhirLinkId), "text": group.text.map(JSONValue.string)])
                item["item"] = answered(group.elements, in: stepResult, timeZone: timeZone).json
                return item["item"] == nil ? nil : item
            }
        }
    }

    /// The item (linkId `linkId`) of the question `identifier` with its answers; nil when it has none.
    private static func answered(
        _ identifier: String, linkId: String, text: String?, format: AnswerFormat, details: FHIRItemDetails,
        in stepResult: StepResult, timeZone: TimeZone
    ) -> FHIRElement? {
        guard let question = stepResult.questionResult(forIdentifier: identifier) else { return nil }
        var item = FHIRElement(["linkId": .string(linkId), "text": text.map(JSONValue.string)])
        item["answer"] =
            AnswerValues.values(question.value, format: format, details: details, timeZone: timeZone)
            .map { $0.element("value") }.json
        return item["answer"] == nil ? nil : item
    }
}
