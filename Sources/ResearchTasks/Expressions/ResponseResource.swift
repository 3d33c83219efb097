package import Foundation
package import RegimenFoundation

/// The answers of a result tree as a resource shaped like a FHIR QuestionnaireResponse (docs/expressions.md, "In
/// survey files"): what every expression of a survey is evaluated over, built here only. Each answered question step
/// is an `item` with its `linkId` (the step's `linkId:`, else its id) and `answer`s; a form is an `item` whose `item`s
/// are its answered items, nested as its groups nest. Unanswered questions are left out.
///
/// Answers are `valueInteger`, `valueDecimal`, `valueBoolean`, `valueString`, `valueDate`, `valueDateTime`,
/// `valueTime` (a time of day) or `valueDecimal` (a time interval, in seconds). A chosen option is a `valueCoding`
/// (`code` its value, `display` its text, `system` and `code` its `coding:` when it has one) carrying its `score` as
/// an ordinalValue extension, so `ordinal()` reads it; an "other" text is a `valueString`.
package enum ResponseResource {
    /// The ordinalValue extension `ordinal()` reads.
    static let ordinalURL = "http://hl7.org/fhir/StructureDefinition/ordinalValue"

    /// What a QuestionnaireResponse's items say besides their linkIds and nesting: each question's `answer`s and,
    /// when given, the texts of items and groups. The expression resource writes answers for `ordinal()` and no
    /// texts; FHIR export (FHIRInterchange's ResponseExport) writes the exported Questionnaire's value types and texts.
    package struct ItemWriter {
        /// The `answer` objects of one answered question (its id, format, FHIR details and result); none leaves the
        /// item out.
        package var answers:
            (_ identifier: String, _ format: AnswerFormat, _ details: FHIRItemDetails, QuestionResult)
                -> [JSONObject]
        /// A question step's or form step's item text; nil writes none.
        package var stepText: (Step) -> String? = { _ in nil }
        /// A form item's text; nil writes none.
        package var itemText: (FormItem) -> String? = { _ in nil }
        /// A group's text; nil writes none.
        package var groupText: (FormGroup) -> String? = { _ in nil }

        /// Creates a writer; texts are left out unless given.
        package init(
            answers: @escaping (String, AnswerFormat, FHIRItemDetails, QuestionResult) -> [JSONObject],
            stepText: @escaping (Step) -> String? = { _ in nil },
            itemText: @escaping (FormItem) -> String? = { _ in nil },
            groupText: @escaping (FormGroup) -> String? = { _ in nil }
        ) {
            self.answers = answers
            self.stepText = stepText
            self.itemText = itemText
            self.groupText = groupText
        }
    }

    /// The `item`s of a QuestionnaireResponse to `task` for `result` (the one walk both the expression resource and
    /// FHIR export use): one per question step with answers, one per form step holding its answered items nested as
    /// its groups nest, in the survey's order; linkIds are the `linkId:`s, else the ids; unanswered questions and empty
    /// groups are left out.
    package static func items(of result: TaskResult, task: OrderedTask, writer: ItemWriter) -> [JSONValue] {
        var items: [JSONValue] = []
        for step in task.steps {
            guard let stepResult = result.stepResult(forStep: step.identifier) else { continue }
            switch step.content {
            case .question(let question):
                let item = self.item(
                    step.identifier, linkId: step.linkId, text: writer.stepText(step), format: question.answerFormat,
                    details: step.fhir, in: stepResult, writer: writer)
                if let item { items.append(item) }
            case .form(let form):
                let inner = self.items(form.elements, in: stepResult, writer: writer)
                if !inner.isEmpty {
                    items.append(group(linkId: step.linkId ?? step.identifier, text: writer.stepText(step), inner))
                }
            case .instruction, .completion, .consentReview, .rangeOfMotion:
                continue
            }
        }
        return items
    }

    /// The resource of `result`, a run of `task`; a date answer without its own zone is written in `timeZone`.
    package static func resource(of result: TaskResult, task: OrderedTask, timeZone: TimeZone) -> JSONObject {
        let writer = ItemWriter(answers: { _, format, _, question in
            values(question, format: format, timeZone: timeZone)
        })
        let items = self.items(of: result, task: task, writer: writer)
        var resource: JSONObject = ["resourceType": .string("QuestionnaireResponse")]
        if !items.isEmpty { resource["item"] = .array(items) }
        return resource
    }

    /// The answers to the question step or form item of `task` whose linkId (its id when it has none) is `linkId`,
    /// in `result`: what `%linkId` reads; empty when unanswered, nil when no question has that linkId.
    package static func answers(toLinkId linkId: String, of result: TaskResult, task: OrderedTask, timeZone: TimeZone)
        -> [JSONObject]?
    {
        func answered(_ identifier: String, _ format: AnswerFormat, inStep step: String) -> [JSONObject] {
            guard let question = result.stepResult(forStep: step)?.questionResult(forIdentifier: identifier) else {
                return []
            }
            return values(question, format: format, timeZone: timeZone)
        }
        for step in task.steps {
            switch step.content {
            case .question(let question) where (step.linkId ?? step.identifier) == linkId:
                return answered(step.identifier, question.answerFormat, inStep: step.identifier)
            case .form(let form):
                if let item = form.items.first(where: { ($0.linkId ?? $0.identifier) == linkId }) {
                    return answered(item.identifier, item.answerFormat, inStep: step.identifier)
                }
            default:
                continue
            }
        }
        return nil
    }

    private static func items(_ elements: [FormElement], in stepResult: StepResult, writer: ItemWriter) -> [JSONValue] {
        elements.compactMap { element in
            switch element {
            case .section:
                return nil
            case .item(let formItem):
                return item(
                    formItem.identifier, linkId: formItem.linkId, text: writer.itemText(formItem),
                    format: formItem.answerFormat, details: formItem.fhir, in: stepResult, writer: writer)
            case .group(let group):
                let inner = items(group.elements, in: stepResult, writer: writer)
                return inner.isEmpty
                    ? nil : self.group(linkId: group.linkId ?? group.identifier, text: writer.groupText(group), inner)
            }
        }
    }

    private static func group(linkId: String, text: String?, _ items: [JSONValue]) -> JSONValue {
        var group: JSONObject = ["linkId": .string(linkId)]
        if let text, !text.allSatisfy(\.isWhitespace) { group["text"] = .string(text) }
        group["item"] = .array(items)
        return .object(group)
    }

    private static func item(
        _ identifier: String, linkId: String?, text: String?, format: AnswerFormat, details: FHIRItemDetails,
        in stepResult: StepResult, writer: ItemWriter
    ) -> JSONValue? {
        guard let question = stepResult.questionResult(forIdentifier: identifier) else { return nil }
        let answers = writer.answers(identifier, format, details, question)
        guard !answers.isEmpty else { return nil }
        var item: JSONObject = ["linkId": .string(linkId ?? identifier)]
        if let text, !text.allSatisfy(\.isWhitespace) { item["text"] = .string(text) }
        item["answer"] = .array(answers.map(JSONValue.object))
        return .object(item)
    }

    /// The `answer` objects of one question: one per chosen option, none when unanswered.
    private static func values(_ question: QuestionResult, format: AnswerFormat, timeZone: TimeZone) -> [JSONObject] {
        guard !question.isDontKnow, let answer = question.answer else { return [] }
        func answerValue(_ type: String, _ value: JSONValue) -> JSONObject { ["value" + type: value] }
        func number(_ number: NumberValue) -> JSONObject {
            switch number {
            case .integer(let whole): answerValue("Integer", .integer(whole))
            case .decimal(let decimal): answerValue("Decimal", .double(decimal))
            }
        }
        switch answer {
        case .scale(let value), .numeric(let value):
            return [number(value)]
        case .choices(let chosen):
            return chosen.map { choiceValue($0, in: format.choices ?? []) }
        case .boolean(let flag):
            return [answerValue("Boolean", .bool(flag))]
        case .text(let text):
            return [answerValue("String", .string(text))]
        case .timeInterval(let seconds):
            return [answerValue("Decimal", .double(seconds))]
        case .timeOfDay(let time):
            return [answerValue("Time", .string(twoDigits(time.hour) + ":" + twoDigits(time.minute) + ":00"))]
        case .date(let date):
            var zoneSeconds: Int?
            if case .date(_, _, let seconds) = question.value { zoneSeconds = seconds }
            let zone = zoneSeconds.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let day = "\(fourDigits(parts.year ?? 1))-\(twoDigits(parts.month ?? 1))-\(twoDigits(parts.day ?? 1))"
            if case .date(let dateFormat) = format, dateFormat.style == .date {
                return [answerValue("Date", .string(day))]
            }
            let offset = zone.secondsFromGMT(for: date) / 60
            let sign = offset < 0 ? "-" : "+"
            let time =
                "T\(twoDigits(parts.hour ?? 0)):\(twoDigits(parts.minute ?? 0)):\(twoDigits(parts.second ?? 0))"
                + "\(sign)\(twoDigits(abs(offset) / 60)):\(twoDigits(abs(offset) % 60))"
            return [answerValue("DateTime", .string(day + time))]
        }
    }

    /// A chosen value as a `valueCoding` carrying its option's score, or a `valueString` for an "other" text.
    private static func choiceValue(_ value: ChoiceValue, in choices: [TextChoice]) -> JSONObject {
        guard let choice = choices.first(where: { $0.value.matches(value) }) else {
            return ["valueString": .string(value.plainText)]
        }
        var coding: JSONObject = [:]
        if let system = choice.coding?.system { coding["system"] = .string(system) }
        coding["code"] = .string(choice.coding?.code ?? value.plainText)
        coding["display"] = .string(choice.text)
        if let score = choice.score {
            let number: JSONValue = Int(exactly: score).map(JSONValue.integer) ?? .double(score)
            coding["extension"] = .array([.object(["url": .string(ordinalURL), "valueDecimal": number])])
        }
        return ["valueCoding": .object(coding)]
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    private static func fourDigits(_ number: Int) -> String {
        String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
    }
}
