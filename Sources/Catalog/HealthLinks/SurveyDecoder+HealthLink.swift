import CareModel
import OutcomeMapping

extension SurveyDecoder {
    /// Decodes `health:` (surveys/README.md, "Health-linked tasks"; docs/health-export.md, "Linked tasks"): the type,
    /// the aggregate and what it needs, the outcome value's kind and units, and the goal.
    func decodeHealthLink(_ node: SurveyNode, at path: SurveyPath) -> HealthLink? {
        guard let map = MapReader(node, at: path, kind: "health", sink: sink) else { return nil }
        let aggregate = map.choice("aggregate", HealthAggregate.allCases, required: true)
        let type = map.string("type", required: aggregate != nil && aggregate != .workouts, nonEmpty: true)
        let kind = map.string("kind", required: true, nonEmpty: true)
        let units = map.string("units", nonEmpty: true)
        let goal = map.number("goal", required: true)
        let activity = map.string("activity", nonEmpty: true)
        let beside = map.string("beside", nonEmpty: true)
        let stages = decodeSleepStages(map)
        var valid = aggregate != nil && kind != nil && goal != nil
        if let goal, goal <= 0 {
            map.report("goal", "must be greater than 0")
            valid = false
        }
        if let aggregate, let type, let problem = Self.typeProblem(type, aggregate: aggregate) {
            map.report("type", problem)
            valid = false
        }
        if map.has("stages"), aggregate != .asleep {
            map.report("stages", "only the asleep aggregate has stages")
            valid = false
        }
        if map.has("activity"), aggregate != .workouts {
            map.report("activity", "only the workouts aggregate has an activity")
            valid = false
        } else if let activity, !activity.hasPrefix("HKWorkoutActivityType") {
            map.report("activity", "must be a workout activity type, e.g. HKWorkoutActivityTypeRunning")
            valid = false
        }
        if let aggregate, aggregate.isSleep, let units, units != "h" {
            map.report("units", "sleep is measured in hours: units must be \"h\" (or left out)")
            valid = false
        }
        if let beside, beside == kind {
            map.report("beside", "names the link's own kind; name a self-reported kind of another task")
            valid = false
        }
        guard valid, stages != nil || !map.has("stages"), let aggregate, let kind, let goal else { return nil }
        return HealthLink(
            type: type, aggregate: aggregate, stages: aggregate == .asleep ? (stages ?? SleepStage.allCases) : [],
            activity: activity, kind: kind, units: units ?? (aggregate.isSleep ? "h" : nil), goal: goal, beside: beside
        )
    }

    /// Why `type` does not fit `aggregate`, or nil when it does.
    static func typeProblem(_ type: String, aggregate: HealthAggregate) -> String? {
        if aggregate.isQuantity, !type.hasPrefix(HealthLink.quantityTypePrefix) {
            return
                "the \(aggregate.rawValue) aggregate needs a quantity type (\(HealthLink.quantityTypePrefix)…), found \(type)"
        }
        if aggregate.isSleep, type != HealthLink.sleepAnalysisType {
            return "the \(aggregate.rawValue) aggregate needs \(HealthLink.sleepAnalysisType), found \(type)"
        }
        if aggregate == .workouts, type != HealthLink.workoutType {
            return "the workouts aggregate counts workouts: leave type out or write \(HealthLink.workoutType)"
        }
        return nil
    }

    /// `stages: [core, deep, rem, unspecified]`: at least one, each once; nil (reported) when any is wrong.
    private func decodeSleepStages(_ map: MapReader) -> [SleepStage]? {
        guard let items = map.list("stages") else { return nil }
        if items.isEmpty {
            map.report(
                "stages", "must name at least one stage: \(SleepStage.allCases.map(\.rawValue).joined(separator: ", "))"
            )
            return nil
        }
        var stages: [SleepStage] = []
        var failed = false
        for (item, itemPath) in items {
            guard let text = item.string else {
                sink.report(itemPath, "must be a string, found \(item.kindName)", line: item.line)
                failed = true
                continue
            }
            guard let stage = SleepStage(rawValue: text) else {
                let names = SleepStage.allCases.map(\.rawValue)
                var reason = "unknown sleep stage \"\(text)\" (one of \(names.joined(separator: ", ")))"
                if let suggestion = KeySuggestion.closest(to: text, in: names) {
                    reason += " (did you mean \"\(suggestion)\"?)"
                }
                sink.report(itemPath, reason, line: item.line)
                failed = true
                continue
            }
            if stages.contains(stage) {
                sink.report(itemPath, "sleep stage \"\(text)\" is named twice", line: item.line)
                failed = true
            }
            stages.append(stage)
        }
        return failed ? nil : stages
    }
}

extension SurveyDecoder {
    /// A task with `health:` takes its outcomes from Health data (docs/health-export.md, "Linked tasks"): it has no
    /// steps, rules or `outcomes:` of its own, and needs a schedule whose events the outcomes answer.
    func checkHealthLinkedTask(_ task: MapReader) {
        for key in ["steps", "predefined", "navigation", "skip", "outcomes", "fhir"] where task.has(key) {
            if key == "outcomes", case .sequence(let items)? = task.node(key)?.value, items.isEmpty { continue }
            let reason =
                key == "outcomes"
                ? "a task measured from Health data has one outcome, health.kind: remove outcomes"
                : "a task measured from Health data has no \(key): remove it (or health)"
            task.report(key, reason)
        }
        if !task.has("schedule") {
            task.report(
                "health", "a task measured from Health data needs a schedule: its outcomes answer the schedule's events"
            )
        }
    }
}

extension HealthLink {
    /// The link's value as an outcome declaration (a double of its kind and units), so charts can name it.
    var outcomeSpec: OutcomeSpec {
        OutcomeSpec(kind: kind, path: ResultPath(stepIdentifier: kind), units: units, type: .double)
    }
}
