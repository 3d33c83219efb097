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

    /// The resource of `result`, a run of `task`; a date answer without its own zone is written in `timeZone`.
    package static func resource(of result: TaskResult, task: OrderedTask, timeZone: TimeZone) -> JSONObject {
        var items: [JSONValue] = []
        for step in task.steps {
            guard let stepResult = result.stepResult(forStep: step.identifier), !stepResult.isPreviousResult else {
                continue
            }
            switch step.content {
            case .question(let question):
                if let item = item(
                    step.identifier, linkId: step.linkId, format: question.answerFormat, in: stepResult,
                    timeZone: timeZone)
                {
                    items.append(item)
                }
            case .form(let form):
                let inner = self.items(form.elements, in: stepResult, timeZone: timeZone)
                if !inner.isEmpty {
                    items.append(.object(["linkId": .string(step.linkId ?? step.identifier), "item": .array(inner)]))
                }
            case .instruction, .completion, .consentReview, .rangeOfMotion:
                continue
            }
        }
        var resource: JSONObject = ["resourceType": .string("QuestionnaireResponse")]
        if !items.isEmpty { resource["item"] = .array(items) }
        return resource
    }

    /// The answers of each question step and form item of `result`, by its linkId (its id when it has none): what
    /// `%linkId` reads. Every question of the task has an entry, empty when unanswered.
    package static func answers(of result: TaskResult, task: OrderedTask, timeZone: TimeZone) -> [String: [JSONObject]]
    {
        var answers: [String: [JSONObject]] = [:]
        for step in task.steps {
            let stepResult = result.stepResult(forStep: step.identifier).flatMap { $0.isPreviousResult ? nil : $0 }
            switch step.content {
            case .question(let question):
                answers[step.linkId ?? step.identifier] =
                    stepResult.map {
                        values(step.identifier, format: question.answerFormat, in: $0, timeZone: timeZone)
                    } ?? []
            case .form(let form):
                for formItem in form.items {
                    answers[formItem.linkId ?? formItem.identifier] =
                        stepResult.map {
                            values(formItem.identifier, format: formItem.answerFormat, in: $0, timeZone: timeZone)
                        } ?? []
                }
            case .instruction, .completion, .consentReview, .rangeOfMotion:
                continue
            }
        }
        return answers
    }

    private static func items(_ elements: [FormElement], in stepResult: StepResult, timeZone: TimeZone)
        -> [JSONValue]
    {
        elements.compactMap { element in
            switch element {
            case .section:
                return nil
            case .item(let formItem):
                return item(
                    formItem.identifier, linkId: formItem.linkId, format: formItem.answerFormat, in: stepResult,
                    timeZone: timeZone)
            case .group(let group):
                let inner = items(group.elements, in: stepResult, timeZone: timeZone)
                return inner.isEmpty
                    ? nil : .object(["linkId": .string(group.linkId ?? group.identifier), "item": .array(inner)])
            }
        }
    }

    private static func item(
        _ identifier: String, linkId: String?, format: AnswerFormat, in stepResult: StepResult, timeZone: TimeZone
    ) -> JSONValue? {
        let answers = values(identifier, format: format, in: stepResult, timeZone: timeZone)
        guard !answers.isEmpty else { return nil }
        return .object(["linkId": .string(linkId ?? identifier), "answer": .array(answers.map(JSONValue.object))])
    }

    /// The `answer` objects of one question: one per chosen option, none when unanswered.
    private static func values(
        _ identifier: String, format: AnswerFormat, in stepResult: StepResult, timeZone: TimeZone
    )
        -> [JSONObject]
    {
        guard let question = stepResult.questionResult(forIdentifier: identifier), !question.isDontKnow,
            let answer = question.answer
        else { return [] }
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
