package import CareModel
package import Catalog
import OutcomeMapping
import ResearchTasks

extension ObservationExport.Source {
    /// Value `index` of `outcome`, coded as the outcome entry of its kind in `entry` (the stored task's survey) says:
    /// the entry's `code`, and the chosen option's coding when the value was read from a coded choice.
    package init(outcome: Outcome, index: Int, entry: CatalogEntry?) {
        let kind = outcome.values[index].kind
        let spec = entry?.outcomes.first { $0.kind == kind }
        var choices: [TextChoice] = []
        if let task = entry?.task, case .answer(let path)? = spec?.source,
            let step = task.step(withIdentifier: path.stepIdentifier)
        {
            switch step.content {
            case .question(let question) where path.resultIdentifier == step.identifier:
                choices = question.answerFormat.choices ?? []
            case .form(let form):
                choices = form.items.first { $0.identifier == path.resultIdentifier }?.answerFormat.choices ?? []
            default:
                break
            }
        }
        self.init(outcome: outcome, index: index, coding: spec?.code?.fhirElement, choices: choices)
        loggedAtValueTime = entry?.logged ?? false
    }
}
