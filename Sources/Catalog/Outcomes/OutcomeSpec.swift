import OutcomeMapping
import ResearchTasks

/// How one outcome value is taken from a task's result tree (declared in the survey's `outcomes:`).
package struct OutcomeSpec: Sendable, Hashable {
    /// The value's kind, e.g. "checkin.form.pain" or "range".
    package var kind: String
    /// Where in the result tree the value is.
    package var path: ResultPath
    /// Units, e.g. "h" or "degrees".
    package var units: String?
    /// The CareKit value type to store.
    package var type: OutcomeValueType

    /// Creates an outcome spec.
    package init(kind: String, path: ResultPath, units: String? = nil, type: OutcomeValueType = .double) {
        self.kind = kind
        self.path = path
        self.units = units
        self.type = type
    }
}

extension OutcomeSpec {
    /// The kind as an extractor describes what it produces.
    package var kindDescription: OutcomeKindDescription {
        OutcomeKindDescription(kind: kind, units: units, valueType: type.rawValue)
    }
}

extension OutcomeSpec {
    /// The declarative extractor entry this spec describes for `task`: required only when every finished run of the
    /// task has a result at the path.
    package func extractorEntry(in task: OrderedTask) -> DeclarativeExtractor.Entry {
        DeclarativeExtractor.Entry(kind: kind, path: path, units: units, valueType: type, isRequired: isAlwaysAnswered(in: task))
    }

    /// Whether a finished run always holds a result at the path (docs/navigation.md, "Skipped and missing results"):
    /// the step cannot be bypassed, and once visited it always leaves one — a form keeps one result per item even
    /// when skipped, a consent must be given, and a question or measurement only when it is not optional.
    func isAlwaysAnswered(in task: OrderedTask) -> Bool {
        guard let step = task.step(withIdentifier: path.stepIdentifier), !task.canBypass(step: step.identifier) else {
            return false
        }
        switch step.content {
        case .form, .consentReview: return true
        case .question, .rangeOfMotion: return !step.isOptional
        case .instruction, .completion: return false
        }
    }
}
