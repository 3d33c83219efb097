import CareModel
import OutcomeMapping
package import ResearchTasks

extension OutcomeSpec {
    /// Whether the value is a number that can be charted (double or integer).
    package var isNumeric: Bool { type == .double || type == .integer }

    /// The answer scale's range when the path points at a scale or continuous-scale answer (pain 1–10), else nil.
    package func scaleRange(in task: OrderedTask) -> ClosedRange<Double>? {
        guard path.field == nil, let step = task.step(withIdentifier: path.stepIdentifier) else { return nil }
        let format: AnswerFormat?
        switch step.content {
        case .question(let question) where path.resultIdentifier == path.stepIdentifier: format = question.answerFormat
        case .form(let form): format = form.items.first { $0.identifier == path.resultIdentifier }?.answerFormat
        default: format = nil
        }
        switch format {
        case .scale(let scale)? where scale.minimum < scale.maximum:
            return Double(scale.minimum)...Double(scale.maximum)
        case .continuousScale(let scale)? where scale.minimum < scale.maximum: return scale.minimum...scale.maximum
        default: return nil
        }
    }
}

extension CatalogEntry {
    /// The charts `regimen insights` draws for the task (docs/insights.md): those of its `charts:` section, else one
    /// line chart of its numeric outcome kinds (a Health-linked task's kind) titled with the task's title (none when it
    /// has no numeric outcomes).
    package var effectiveCharts: [ChartSpec] {
        if let charts { return charts }
        let kinds = outcomes.filter(\.isNumeric).map(\.kind) + (healthLink.map { [$0.kind] } ?? [])
        return kinds.isEmpty ? [] : [ChartSpec(title: title, style: .line, kinds: kinds)]
    }

    /// The declaration of outcome kind `kind`, if the file declares it.
    package func outcome(kind: String) -> OutcomeSpec? {
        outcomes.first { $0.kind == kind }
    }
}
