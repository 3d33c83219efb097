import ResearchTasks

extension SurveyDecoder {
    /// Decodes one `navigation:` entry: `{ after, goto }` (direct rule) or `{ after, rules: [{ when, goto }], otherwise
    /// }` (predicate rule; docs/navigation.md, "Choosing the next step"). `end` as a destination ends the task.
    func decodeNavigationRule(_ node: SurveyNode, at path: SurveyPath, index: TaskIndex, task: String) -> (
        String, NavigationRule
    )? {
        guard let map = MapReader(node, at: path, kind: "navigationRule", sink: sink) else { return nil }
        let trigger = stepReference(map, "after", index: index, required: true)
        var rule: NavigationRule?
        switch (map.has("goto"), map.has("rules")) {
        case (true, true):
            sink.report(
                path, "a rule has either goto (direct rule) or rules (predicate rule), not both", line: node.line)
        case (false, false):
            sink.report(path, "a rule needs goto (direct rule) or rules (predicate rule)", line: node.line)
        case (true, false):
            if map.has("otherwise") { map.report("otherwise", "only predicate rules (with rules) have otherwise") }
            if let destination = destination(map, "goto", index: index) { rule = .direct(destination) }
        case (false, true):
            let ruleItems = map.list("rules")
            let items = ruleItems ?? []
            if ruleItems?.isEmpty == true { map.report("rules", "must have at least one rule") }
            var pairs: [PredicateDestination] = []
            var failed = false
            for (itemNode, itemPath) in items {
                guard let item = MapReader(itemNode, at: itemPath, kind: "predicateRule", sink: sink) else {
                    failed = true
                    continue
                }
                let predicate = item.required("when").flatMap {
                    decodePredicate($0, at: itemPath.key("when"), index: index, task: task)
                }
                let target = destination(item, "goto", index: index)
                if let predicate, let target {
                    pairs.append(PredicateDestination(predicate: predicate, destination: target))
                } else {
                    failed = true
                }
            }
            let fallback = map.has("otherwise") ? destination(map, "otherwise", index: index) : nil
            if ruleItems == nil || (map.has("otherwise") && fallback == nil) { failed = true }
            if !failed, !pairs.isEmpty {
                rule = .predicate(pairs, defaultDestination: fallback)
            }
        }
        guard let trigger, let rule else { return nil }
        return (trigger, rule)
    }

    /// Decodes one `skip:` entry: `{ step, when }` (the predicate skip rule of docs/navigation.md, "Choosing the next
    /// step").
    func decodeSkipRule(_ node: SurveyNode, at path: SurveyPath, index: TaskIndex, task: String) -> (String, SkipRule)?
    {
        guard let map = MapReader(node, at: path, kind: "skipRule", sink: sink) else { return nil }
        let step = stepReference(map, "step", index: index, required: true)
        let predicate = map.required("when").flatMap {
            decodePredicate($0, at: path.key("when"), index: index, task: task)
        }
        guard let step, let predicate else { return nil }
        return (step, SkipRule(predicate: predicate))
    }

    private func stepReference(_ map: MapReader, _ key: String, index: TaskIndex, required: Bool) -> String? {
        guard let step = map.string(key, required: required) else { return nil }
        guard index.stepIdentifiers.contains(step) else {
            map.report(key, "unknown step \"\(step)\"")
            return nil
        }
        return step
    }

    private func destination(_ map: MapReader, _ key: String, index: TaskIndex) -> String? {
        guard let target = map.string(key, required: true) else { return nil }
        if target == "end" || target == StepDestination.end { return StepDestination.end }
        guard index.stepIdentifiers.contains(target) else {
            map.report(key, "unknown step \"\(target)\" (use end to finish the task)")
            return nil
        }
        return target
    }
}
