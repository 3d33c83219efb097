extension SurveyDecoder {
    /// A task with `logged: true` is logged any number of times a day, each log's values added to the event's one
    /// outcome with their own times (docs/logged-tasks.md): it has steps whose answers its `outcomes:` store, and a
    /// schedule whose events hold the logs. It cannot also be measured from Health data.
    func checkLoggedTask(_ task: MapReader) {
        if task.has("health") {
            task.report("logged", "a task measured from Health data is not logged by the participant: remove logged")
            return
        }
        if !task.has("schedule") {
            task.report(
                "logged",
                "a logged task needs a schedule whose events hold its logs, usually `- daily: { duration: allDay }`")
        }
        if !task.has("outcomes") {
            task.report("logged", "a logged task needs outcomes: each log stores their values with the log's time")
        }
    }

    /// `labeledValue: kind` (docs/logged-tasks.md, "Labelled values"): one of the task's outcome kinds, whose latest
    /// value the care feed shows with its units; nil (reported) when it names none.
    func decodeLabeledValue(_ task: MapReader, outcomes: [OutcomeSpec]) -> String? {
        guard task.has("labeledValue") else { return nil }
        guard let kind = task.string("labeledValue", nonEmpty: true) else { return nil }
        guard outcomes.contains(where: { $0.kind == kind }) else {
            let kinds = outcomes.map(\.kind)
            var reason = "names no outcome kind of the task"
            reason += kinds.isEmpty ? " (it has no outcomes)" : " (one of \(kinds.joined(separator: ", ")))"
            if let suggestion = KeySuggestion.closest(to: kind, in: kinds) {
                reason += " (did you mean \"\(suggestion)\"?)"
            }
            task.report("labeledValue", reason)
            return nil
        }
        return kind
    }
}
