import Foundation
import ResearchTasks

extension SurveyDecoder {
    /// Decodes a predicate (docs/navigation.md, "Result predicates"): `{ all: [...] }`, `{ any: [...] }`, `{ not: … }`,
    /// or `{ result: step[/item], task?, <condition>: … }` with exactly one condition.
    func decodePredicate(_ node: SurveyNode, at path: SurveyPath, index: TaskIndex, task: String) -> ResultPredicate? {
        guard let map = MapReader(node, at: path, kind: "predicate", sink: sink) else { return nil }
        let combinators = ["all", "any", "not"].filter(map.has)
        let conditions = SurveyVocabulary.conditionKeys.filter(map.has)
        if let combinator = combinators.first {
            guard combinators.count == 1, map.entries.count == 1 else {
                sink.report(path, "\(combinator) cannot be combined with other keys", line: node.line)
                return nil
            }
            if combinator == "not" {
                return map.node("not").flatMap { decodePredicate($0, at: path.key("not"), index: index, task: task) }
                    .map { .not($0) }
            }
            guard let items = map.list(combinator) else { return nil }
            if items.isEmpty { map.report(combinator, "must have at least one condition") }
            let parts = items.map { decodePredicate($0.0, at: $0.1, index: index, task: task) }
            guard !items.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            let predicates = parts.compactMap { $0 }
            return combinator == "all" ? .and(predicates) : .or(predicates)
        }
        if map.has("expression") {
            guard map.entries.count == 1 else {
                sink.report(path, "expression cannot be combined with other keys", line: node.line)
                return nil
            }
            return expression(map, "expression", role: conditionRole).map(ResultPredicate.expression)
        }
        let resultText = map.string("result", required: true)
        let otherTask = map.string("task", nonEmpty: true)
        guard conditions.count == 1, let conditionKey = conditions.first else {
            let reason =
                conditions.isEmpty
                ? "a condition needs one of \(SurveyVocabulary.conditionKeys.joined(separator: ", ")) (or all, any, not)"
                : "a condition has exactly one test, found \(conditions.joined(separator: " and "))"
            sink.report(path, reason, line: node.line)
            return nil
        }
        guard let (condition, negated) = decodeCondition(conditionKey, map) else { return nil }
        guard let resultText else { return nil }
        let parts = resultText.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), !parts.contains(where: \.isEmpty) else {
            map.report("result", "must be \"step\" (question step) or \"step/item\" (form item)")
            return nil
        }
        let selector = ResultSelector(
            taskIdentifier: otherTask == task ? nil : otherTask,
            stepIdentifier: parts[0], resultIdentifier: parts.count == 2 ? parts[1] : parts[0]
        )
        if selector.taskIdentifier == nil {
            guard checkSelector(selector, condition: condition, in: index, map: map, conditionKey: conditionKey) else {
                return nil
            }
        } else {
            noteForeignSelector(selector, condition, at: path, line: node.line)
        }
        let predicate = ResultPredicate.result(selector, condition)
        return negated ? .not(predicate) : predicate
    }

    /// Checks a selector and its condition against a task's results; reports and returns false when wrong.
    @discardableResult
    func checkSelector(
        _ selector: ResultSelector, condition: AnswerCondition, in index: TaskIndex, map: MapReader?,
        conditionKey: String,
        fallbackPath: SurveyPath = .root, fallbackLine: Int = 0
    ) -> Bool {
        func report(_ key: String, _ reason: String) {
            if let map {
                map.report(key, reason)
            } else {
                sink.report(fallbackPath.key(key), reason, line: fallbackLine)
            }
        }
        let owner = selector.taskIdentifier.map { " of task \"\($0)\"" } ?? ""
        let note = selector.taskIdentifier == nil ? selectorScopeNote.map { " (\($0))" } ?? "" : ""
        guard index.stepIdentifiers.contains(selector.stepIdentifier) else {
            report("result", "unknown step \"\(selector.stepIdentifier)\"\(owner)\(note)")
            return false
        }
        guard let kind = index.result(step: selector.stepIdentifier, result: selector.resultIdentifier) else {
            report(
                "result",
                "step \"\(selector.stepIdentifier)\"\(owner) has no result \"\(selector.resultIdentifier)\"\(note)")
            return false
        }
        if let reason = Self.mismatch(condition, kind) {
            report(conditionKey, reason)
            return false
        }
        return true
    }

    private func decodeCondition(_ key: String, _ map: MapReader) -> (AnswerCondition, negated: Bool)? {
        switch key {
        case "isNil", "isDontKnow", "isAnswered":
            guard let flag = map.bool(key) else { return nil }
            return (key == "isNil" ? .isNil : key == "isAnswered" ? .isAnswered : .isDontKnow, !flag)
        case "numberEquals":
            return map.number(key).map { (.numberEquals($0), false) }
        case "booleanEquals":
            return map.bool(key).map { (.booleanEquals($0), false) }
        case "consented":
            return map.bool(key).map { (.consented($0), false) }
        case "textEquals":
            return map.string(key).map { (.textEquals($0), false) }
        case "textMatches":
            guard let pattern = map.string(key), validRegex(pattern, map, key) else { return nil }
            return (.textMatches(pattern), false)
        case "choicesInclude":
            return choiceValues(map, key).map { (.choicesInclude($0), false) }
        case "choicesMatch":
            guard let node = map.node(key) else { return nil }
            let patterns: [String]
            if let single = node.string {
                patterns = [single]
            } else if case .sequence = node.value {
                guard let list = map.stringList(key) else { return nil }
                patterns = list
            } else {
                map.wrongType(key, "a pattern or a list of patterns", node)
                return nil
            }
            guard !patterns.isEmpty else {
                map.report(key, "must name at least one pattern")
                return nil
            }
            guard patterns.allSatisfy({ validRegex($0, map, key) }) else { return nil }
            return (.choicesMatch(patterns), false)
        case "numberInRange":
            guard let node = map.node(key),
                let range = MapReader(node, at: map.path.key(key), kind: "numberRange", sink: sink)
            else { return nil }
            let min = range.number("min")
            let max = range.number("max")
            guard min != nil || max != nil else {
                map.report(key, "needs min and/or max")
                return nil
            }
            let (minExclusive, maxExclusive) = exclusiveFlags(range, min: min, max: max)
            return (
                .numberInRange(
                    minimum: min, maximum: max, minimumExclusive: minExclusive, maximumExclusive: maxExclusive), false
            )
        case "textInRange":
            guard let node = map.node(key),
                let range = MapReader(node, at: map.path.key(key), kind: "textRange", sink: sink)
            else { return nil }
            let min = range.string("min")
            let max = range.string("max")
            guard min != nil || max != nil else {
                map.report(key, "needs min and/or max")
                return nil
            }
            let (minExclusive, maxExclusive) = exclusiveFlags(range, min: min, max: max)
            return (
                .textInRange(
                    minimum: min, maximum: max, minimumExclusive: minExclusive, maximumExclusive: maxExclusive), false
            )
        case "timeOfDayInRange":
            guard let node = map.node(key),
                let range = MapReader(node, at: map.path.key(key), kind: "timeRange", sink: sink)
            else { return nil }
            let bounds = ["min", "max"].map { bound -> TimeOfDay? in
                guard let text = range.string(bound, required: true) else { return nil }
                let time = DateText.timeOfDay(text)
                if time == nil { range.report(bound, "must be a time written \"HH:mm\"") }
                return time
            }
            guard let min = bounds[0], let max = bounds[1] else { return nil }
            return (.timeOfDayInRange(minimum: min, maximum: max), false)
        case "dateInRange":
            guard let node = map.node(key),
                let range = MapReader(node, at: map.path.key(key), kind: "dateRange", sink: sink)
            else { return nil }
            var bounds: [Date?] = []
            for bound in ["min", "max"] {
                guard let text = range.string(bound) else {
                    if range.has(bound) { return nil }
                    bounds.append(nil)
                    continue
                }
                guard let date = DateText.date(text, calendar: calendar) else {
                    range.report(bound, "must be a date written \"yyyy-MM-dd\" or \"yyyy-MM-ddTHH:mm[:ss][Z|±HH:mm]\"")
                    return nil
                }
                bounds.append(date)
            }
            guard bounds.contains(where: { $0 != nil }) else {
                map.report(key, "needs min and/or max")
                return nil
            }
            let (minExclusive, maxExclusive) = exclusiveFlags(range, min: bounds[0], max: bounds[1])
            return (
                .dateInRange(
                    minimum: bounds[0], maximum: bounds[1], minimumExclusive: minExclusive,
                    maximumExclusive: maxExclusive), false
            )
        default:
            return nil
        }
    }

    /// Reads `minExclusive` / `maxExclusive` of a range (docs/navigation.md, "Strict bounds"); a flag without its bound
    /// is reported.
    private func exclusiveFlags<T>(_ range: MapReader, min: T?, max: T?) -> (Bool, Bool) {
        let minExclusive = range.bool("minExclusive") ?? false
        let maxExclusive = range.bool("maxExclusive") ?? false
        if range.has("minExclusive"), min == nil { range.report("minExclusive", "needs min") }
        if range.has("maxExclusive"), max == nil { range.report("maxExclusive", "needs max") }
        return (minExclusive, maxExclusive)
    }

    private func choiceValues(_ map: MapReader, _ key: String) -> [ChoiceValue]? {
        guard let node = map.node(key) else { return nil }
        let items: [SurveyNode]
        if case .sequence(let list) = node.value { items = list } else { items = [node] }
        var values: [ChoiceValue] = []
        for (offset, item) in items.enumerated() {
            switch item.value {
            case .string(let text): values.append(.string(text))
            case .int(let number): values.append(.integer(number))
            case .double(let number): values.append(.double(number))
            default:
                let path = items.count == 1 && node.string != nil ? map.path.key(key) : map.path.key(key).index(offset)
                sink.report(path, "must be a string or a number, found \(item.kindName)", line: item.line)
                return nil
            }
        }
        if values.isEmpty {
            map.report(key, "must name at least one value")
            return nil
        }
        return values
    }

    private func validRegex(_ pattern: String, _ map: MapReader, _ key: String) -> Bool {
        guard (try? NSRegularExpression(pattern: pattern)) != nil else {
            map.report(key, "is not a valid regular expression")
            return false
        }
        return true
    }
}
