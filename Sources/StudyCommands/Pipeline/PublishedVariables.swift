import Catalog
import Foundation
import OutcomeMapping
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase

/// The variables of a published task: one per declared outcome value (the survey's `outcomes:`), labeled with the
/// question it answers and described by that question's answer format — choices (`value, text`), units, limits
/// (docs/study-database.md, "Publishing and revisions").
enum PublishedVariables {
    /// The variables `entry` declares, in its order.
    static func of(_ entry: CatalogEntry) -> [PublishedVariable] {
        let conditions = PublishedConditions(entry)
        return entry.outcomes.map { outcome in
            var variable = PublishedVariable(kind: outcome.kind, type: outcome.type.rawValue, units: outcome.units)
            // A sum of scores answers no one question: it has no label or choices of its own.
            guard case .answer(let path) = outcome.source, let (label, format) = question(at: path, in: entry.task)
            else { return variable }
            variable.label = label
            variable.shownWhen = conditions.shownWhen(path)
            if let format { describe(&variable, by: format) }
            return variable
        }
    }

    /// The text and answer format of the question a path reads.
    private static func question(at path: ResultPath, in task: OrderedTask) -> (String?, AnswerFormat?)? {
        guard let step = task.step(withIdentifier: path.stepIdentifier) else { return nil }
        switch step.content {
        case .question(let content) where path.resultIdentifier == step.identifier:
            return (content.question ?? step.title ?? step.text, content.answerFormat)
        case .form(let form):
            guard let item = form.items.first(where: { $0.identifier == path.resultIdentifier }) else { return nil }
            return (item.text, item.answerFormat)
        case .consentReview, .rangeOfMotion, .instruction, .completion, .question:
            return (step.title ?? step.text, nil)
        }
    }

    /// Choices, units and limits from an answer format.
    private static func describe(_ variable: inout PublishedVariable, by format: AnswerFormat) {
        switch format {
        case .scale(let scale):
            (variable.minimum, variable.maximum) = (Double(scale.minimum), Double(scale.maximum))
        case .continuousScale(let scale):
            (variable.minimum, variable.maximum) = (scale.minimum, scale.maximum)
        case .numeric(let numeric):
            (variable.minimum, variable.maximum) = (numeric.minimum, numeric.maximum)
            if variable.units == nil { variable.units = numeric.unit }
        case .textChoice(let choices):
            variable.choices = choices.choices.map(choice)
            variable.multipleChoice = choices.style == .multiple
        case .textScale(let scale):
            variable.choices = scale.choices.map(choice)
        case .valuePicker(let picker):
            variable.choices = picker.choices.map(choice)
        case .boolean(let boolean):
            variable.choices = [
                .init(value: "true", text: boolean.yesText ?? "Yes"),
                .init(value: "false", text: boolean.noText ?? "No"),
            ]
        case .text, .date, .timeOfDay, .timeInterval:
            break
        }
    }

    private static func choice(_ choice: TextChoice) -> PublishedVariable.Choice {
        PublishedVariable.Choice(value: PublishedConditions.text(of: choice.value), text: choice.text)
    }
}
