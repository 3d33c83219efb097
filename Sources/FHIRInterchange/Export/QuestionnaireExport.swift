package import Catalog
package import Foundation
package import RegimenFoundation
import ResearchTasks

/// A survey as a FHIR R4 Questionnaire, and what it holds that a Questionnaire cannot (docs/fhir-export.md,
/// "Questionnaire").
package struct QuestionnaireExport {
    /// The Questionnaire resource.
    package private(set) var resource: JSONValue = .null
    /// What was left out, in survey order.
    package private(set) var losses: [ExportLoss] = []

    private let entry: CatalogEntry
    private let conditions: EnableWhenExport

    /// Exports the survey of `entry`; dates in it are written in `timeZone`.
    package init(entry: CatalogEntry, timeZone: TimeZone) {
        self.entry = entry
        conditions = EnableWhenExport(
            formats: Self.formats(of: entry.task), linkIds: entry.task.fhirLinkIds, timeZone: timeZone)
        let canonical = QuestionnaireCanonical(entry: entry)
        var questionnaire = FHIRElement([
            "resourceType": .string("Questionnaire"), "url": .string(canonical.url),
            "version": canonical.version.map(JSONValue.string),
            "title": .string(entry.title), "status": .string(entry.fhir?.status?.rawValue ?? "active"),
            "description": entry.instructions.map(JSONValue.string), "name": entry.fhir?.name.map(JSONValue.string),
            "code": entry.fhir?.codes.fhirJSON,
        ])
        // An imported id the task id could not hold is written back as it came (docs/fhir-import.md, "Ids").
        if let kept = entry.fhir?.id {
            questionnaire["id"] = .string(kept)
        } else if FHIRIdentifier.isValid(entry.taskIdentifier) {
            questionnaire["id"] = .string(entry.taskIdentifier)
        }
        let task = entry.task
        for variable in task.expressions.variables {
            questionnaire.appendExtension(
                ExportExtension.expression(ExportExtension.variable, variable.expression.text, name: variable.name))
        }
        var items: [FHIRElement] = []
        for step in task.steps {
            if task.navigationRules[step.identifier] != nil { losses.append(.navigationRule(after: step.identifier)) }
            guard var item = stepItem(step, timeZone: timeZone) else { continue }
            if let rule = task.skipRules[step.identifier] {
                setCondition(rule.predicate, negated: true, on: &item, identifier: step.identifier)
            }
            items.append(item)
        }
        questionnaire["item"] = items.json
        for outcome in entry.outcomes {
            if case .score = outcome.source { losses.append(.scoreOutcome(kind: outcome.kind)) }
        }
        resource = questionnaire.json ?? .null
        if let languages = entry.languages { resource = TranslationExport.apply(resource, languages: languages) }
    }

    /// The item of one top-level step; nil (with a loss) for a step FHIR has no item for.
    private mutating func stepItem(_ step: Step, timeZone: TimeZone) -> FHIRElement? {
        var item = FHIRElement(["linkId": .string(step.fhirLinkId), "prefix": step.fhir.prefix.map(JSONValue.string)])
        switch step.content {
        case .instruction, .completion:
            item["type"] = .string("display")
            setText(
                [step.title, step.text].compactMap { $0 }.joined(separator: "\n\n"), on: &item, id: step.identifier)
        case .question(let question):
            setText(step.itemText, on: &item, id: step.identifier)
            item["code"] = question.codes.fhirJSON
            if !step.isOptional { item["required"] = .bool(true) }
            QuestionnaireItemKind(question.answerFormat, details: step.fhir)
                .describe(&item, placeholder: question.placeholder, timeZone: timeZone)
            describeExpressions(
                calculated: question.calculated, initial: question.initial, format: question.answerFormat, on: &item,
                id: step.identifier)
        case .form(let form):
            item["type"] = .string("group")
            setText(step.itemText, on: &item, id: step.identifier)
            if !step.isOptional { item["required"] = .bool(true) }
            Self.describeGroup(&item, step.fhir)
            item["item"] = formItems(form.elements, form: step.fhirLinkId, timeZone: timeZone).json
        case .consentReview:
            losses.append(.stepLeftOut(step: step.identifier, kind: "consent review"))
            return nil
        case .rangeOfMotion:
            losses.append(.stepLeftOut(step: step.identifier, kind: "range-of-motion"))
            return nil
        }
        return item
    }

    /// The items of a form's (or group's) elements: questions, nested groups, and display items for section
    /// headers (linkId `PARENT.section.N`, N counted within the form or group).
    private mutating func formItems(_ elements: [FormElement], form: String, timeZone: TimeZone) -> [FHIRElement] {
        var sections = 0
        var items: [FHIRElement] = []
        for element in elements {
            switch element {
            case .section(let header):
                sections += 1
                var display = FHIRElement([
                    "linkId": .string("\(form).section.\(sections)"), "type": .string("display"),
                ])
                setText(header.title, on: &display, id: "\(form).section.\(sections)")
                items.append(display)
            case .item(let formItem):
                var item = FHIRElement([
                    "linkId": .string(formItem.fhirLinkId), "prefix": formItem.fhir.prefix.map(JSONValue.string),
                ])
                setText(formItem.text, on: &item, id: formItem.identifier)
                item["code"] = formItem.codes.fhirJSON
                if !formItem.isOptional { item["required"] = .bool(true) }
                QuestionnaireItemKind(formItem.answerFormat, details: formItem.fhir)
                    .describe(&item, placeholder: formItem.placeholder, timeZone: timeZone)
                describeExpressions(
                    calculated: formItem.calculated, initial: formItem.initial, format: formItem.answerFormat,
                    on: &item, id: formItem.identifier)
                if let condition = formItem.enabledWhen {
                    setCondition(condition, negated: false, on: &item, identifier: formItem.identifier)
                }
                items.append(item)
            case .group(let group):
                var item = FHIRElement([
                    "linkId": .string(group.fhirLinkId), "prefix": group.fhir.prefix.map(JSONValue.string),
                    "type": .string("group"),
                ])
                setText(group.text, on: &item, id: group.identifier)
                Self.describeGroup(&item, group.fhir)
                item["item"] = formItems(group.elements, form: group.fhirLinkId, timeZone: timeZone).json
                if let condition = group.enabledWhen {
                    setCondition(condition, negated: false, on: &item, identifier: group.identifier)
                }
                items.append(item)
            }
        }
        return items
    }

    /// A group's kept codes and itemControl (docs/fhir-import.md, "Structure").
    private static func describeGroup(_ item: inout FHIRElement, _ details: FHIRItemDetails) {
        item["code"] = details.codes.fhirJSON
        item["extension"] = details.itemControl.flatMap { [ExportExtension.itemControl($0)].json }
    }

    /// Sets enableWhen and enableBehavior from `predicate` (negated for a skip rule), or records the loss.
    private mutating func setCondition(
        _ predicate: ResultPredicate, negated: Bool, on item: inout FHIRElement, identifier: String
    ) {
        if let text = EnableWhenExport.expressionCondition(predicate, negated: negated) {
            item.appendExtension(ExportExtension.expression(ExportExtension.enableWhenExpression, text))
            return
        }
        switch conditions.enabling(predicate, negated: negated) {
        case .success(let written):
            item["enableWhen"] = written.entries.json
            item["enableBehavior"] = written.behavior.map(JSONValue.string)
        case .failure(let failure):
            losses.append(.condition(item: identifier, reason: failure.reason))
        }
    }

    /// Sets `text`; a text that is one piped expression (`{{ E }}`) also gets `_text` with a cqf-expression E, as
    /// SDC computes a text; other piped texts are written as they are, a loss (docs/fhir-export.md, "Expressions").
    private mutating func setText(_ text: String?, on item: inout FHIRElement, id: String) {
        item["text"] = text.map(JSONValue.string)
        guard let text, TextTemplate.isTemplate(text), let template = try? TextTemplate(parsing: text),
            !template.expressions.isEmpty
        else { return }
        if template.parts.count == 1, let expression = template.expressions.first {
            let trimmed = expression.text.trimmingCharacters(in: .whitespacesAndNewlines)
            item["_text"] =
                FHIRElement([
                    "extension": [ExportExtension.expression(ExportExtension.cqfExpression, trimmed)].json
                ]).json
        } else {
            losses.append(
                .expression(
                    item: id,
                    detail:
                        "its text pipes {{ }} among other words, which a cqf-expression (computing the whole text) cannot say as the terminal shows it; written as it is"
                ))
        }
    }

    /// The calculatedExpression (with readOnly) and initialExpression of a question; `initial: previous` is a loss.
    private mutating func describeExpressions(
        calculated: SurveyExpression?, initial: InitialValue?, format: AnswerFormat, on item: inout FHIRElement,
        id: String
    ) {
        // An option is a value[x] without a text element of its own: a piped choice text is written as it is.
        let piped = (format.choices ?? []).filter { choice in
            [choice.text, choice.detailText].contains { text in
                text.flatMap { try? TextTemplate(parsing: $0) }.map { !$0.expressions.isEmpty } ?? false
            }
        }
        if !piped.isEmpty {
            losses.append(
                .expression(
                    item: id,
                    detail: "a choice's text pipes {{ }}, which an answerOption cannot compute; written as it is"))
        }
        if let calculated {
            item["readOnly"] = .bool(true)
            item.appendExtension(ExportExtension.expression(ExportExtension.calculatedExpression, calculated.text))
        }
        switch initial {
        case .expression(let expression)?:
            item.appendExtension(ExportExtension.expression(ExportExtension.initialExpression, expression.text))
        case .previous?:
            losses.append(
                .expression(
                    item: id,
                    detail: "initial: previous (the participant's last answer) has no SDC extension; left out"))
        case nil: break
        }
    }

    /// The answer format of every question step and form item, by result identifier.
    private static func formats(of task: OrderedTask) -> [String: AnswerFormat] {
        var formats: [String: AnswerFormat] = [:]
        for step in task.steps {
            switch step.content {
            case .question(let question): formats[step.identifier] = question.answerFormat
            case .form(let form): for item in form.items { formats[item.identifier] = item.answerFormat }
            default: break
            }
        }
        return formats
    }
}
