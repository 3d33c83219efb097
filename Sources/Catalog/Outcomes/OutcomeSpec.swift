package import OutcomeMapping
package import ResearchTasks

/// How one outcome value is taken from a task's result tree (declared in the survey's `outcomes:`).
package struct OutcomeSpec: Sendable, Hashable {
    /// The value's kind, e.g. "checkin.form.pain" or "range".
    package var kind: String
    /// Where the value comes from: one answer, or the sum of chosen options' scores.
    package var source: OutcomeSource
    /// Units, e.g. "h" or "degrees".
    package var units: String?
    /// The CareKit value type to store.
    package var type: OutcomeValueType
    /// The observation code (FHIR Observation.code) of the value, if the file declares one.
    package var code: Coding?

    /// Creates an outcome spec reading one path.
    package init(
        kind: String, path: ResultPath, units: String? = nil, type: OutcomeValueType = .double, code: Coding? = nil
    ) {
        self.init(kind: kind, source: .answer(path), units: units, type: type, code: code)
    }

    /// Creates an outcome spec from a source.
    package init(
        kind: String, source: OutcomeSource, units: String? = nil, type: OutcomeValueType = .double, code: Coding? = nil
    ) {
        self.kind = kind
        self.source = source
        self.units = units
        self.type = type
        self.code = code
    }

    /// The path read (a sum's first path).
    package var path: ResultPath {
        switch source {
        case .answer(let path): path
        case .sum(let paths): paths.first ?? ResultPath(stepIdentifier: kind)
        case .score(_, let missing): missing?.items.first ?? ResultPath(stepIdentifier: kind)
        }
    }
}

/// Where an outcome value comes from.
package enum OutcomeSource: Sendable, Hashable {
    /// The answer at a path (`path:`).
    case answer(ResultPath)
    /// The total of the scores of the choices chosen at these paths (`sum:`, never empty).
    case sum([ResultPath])
    /// An expression over the finished result's resource, with its rule for missing answers (`score:`, `missing:`).
    case score(SurveyExpression, missing: MissingItemsRule?)
}

extension OutcomeSpec {
    /// The kind as an extractor describes what it produces.
    package var kindDescription: OutcomeKindDescription {
        OutcomeKindDescription(kind: kind, units: units, type: type)
    }
}

extension OutcomeSpec {
    /// The declarative extractor entry this spec describes for `task`: required only when every finished run of the
    /// task has a result at the path.
    package func extractorEntry(in task: OrderedTask) -> DeclarativeExtractor.Entry {
        switch source {
        case .answer: break
        case .sum(let paths):
            // `sum:` is the score rule "the chosen options' scores added up, every item answered".
            let rule = ScoreRule(
                expression: ScoreRule.sumOfItemScores, task: task,
                missing: MissingItemsRule(items: paths, atLeast: paths.count))
            return DeclarativeExtractor.Entry(kind: kind, score: rule, units: units, valueType: type)
        case .score(let expression, let missing):
            let rule = ScoreRule(expression: expression, task: task, missing: missing)
            return DeclarativeExtractor.Entry(kind: kind, score: rule, units: units, valueType: type)
        }
        return DeclarativeExtractor.Entry(
            kind: kind, path: path, units: units, valueType: type, isRequired: isAlwaysAnswered(in: task))
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
