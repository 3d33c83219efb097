import OutcomeMapping
import ResearchTasks

extension SurveyDecoder {
    /// Range-of-motion result fields an outcome may read (docs/range-of-motion.md, "The five values, and the older
    /// two").
    static let rangeOfMotionFields = ["start", "finish", "minimum", "maximum", "range"]

    /// Decodes `outcomes:` entries `{ kind, path | sum, units, type, code }` and checks each path against the task's
    /// results.
    func decodeOutcomes(_ items: [(SurveyNode, SurveyPath)], index: TaskIndex) -> [OutcomeSpec] {
        var outcomes: [OutcomeSpec] = []
        var kinds: [String: SurveyPath] = [:]
        for (node, path) in items {
            guard let map = MapReader(node, at: path, kind: "outcome", sink: sink) else { continue }
            let kind = map.string("kind", required: true, nonEmpty: true)
            let units = map.string("units")
            let declaredType = map.choice("type", OutcomeValueType.allCases)
            let code = coding(map, "code")
            if let kind {
                if let first = kinds[kind] {
                    map.report("kind", "duplicate outcome kind \"\(kind)\" (already used at \(first))")
                }
                kinds[kind] = kinds[kind] ?? path
            }
            if map.has("score") {
                if map.has("path") || map.has("sum") {
                    sink.report(path, "an outcome has one of path, sum and score", line: node.line)
                }
                let expression = self.expression(map, "score", role: .score)
                let missing = map.node("missing").flatMap {
                    decodeMissingRule($0, at: path.key("missing"), index: index)
                }
                if let declaredType, declaredType != .integer, declaredType != .double {
                    map.report("type", "a score is stored as integer or double")
                    continue
                }
                guard let kind, let expression else { continue }
                outcomes.append(
                    OutcomeSpec(
                        kind: kind, source: .score(expression, missing: missing), units: units,
                        type: declaredType ?? .double, code: code))
                continue
            }
            if map.has("missing") { map.report("missing", "missing: goes with score:") }
            if map.has("sum") {
                if map.has("path") { sink.report(path, "an outcome has either path or sum, not both", line: node.line) }
                guard let kind, let (paths, type) = decodeSum(map, declaredType: declaredType, index: index) else {
                    continue
                }
                outcomes.append(OutcomeSpec(kind: kind, source: .sum(paths), units: units, type: type, code: code))
                continue
            }
            guard let pathText = map.string("path", required: true, nonEmpty: true) else { continue }
            guard let resultPath = ResultPath(pathText) else {
                map.report("path", "must be \"step\", \"step/result\" or \"step/result/field\"")
                continue
            }
            guard let resultKind = checkResultPath(resultPath, map: map, index: index) else { continue }
            let allowed = Self.allowedTypes(resultKind)
            if let declaredType, !allowed.contains(declaredType) {
                map.report(
                    "type",
                    "a \(Self.resultName(resultKind)) result cannot be stored as \(declaredType.rawValue); use \(allowed.map(\.rawValue).joined(separator: " or "))"
                )
                continue
            }
            guard let kind, map.node("type") == nil || declaredType != nil else { continue }
            outcomes.append(
                OutcomeSpec(kind: kind, path: resultPath, units: units, type: declaredType ?? allowed[0], code: code))
        }
        return outcomes
    }

    func checkResultPath(_ path: ResultPath, map: MapReader, index: TaskIndex) -> TaskIndex.ResultKind? {
        guard index.stepIdentifiers.contains(path.stepIdentifier) else {
            map.report("path", "unknown step \"\(path.stepIdentifier)\"")
            return nil
        }
        guard let kind = index.result(step: path.stepIdentifier, result: path.resultIdentifier) else {
            map.report("path", "step \"\(path.stepIdentifier)\" has no result \"\(path.resultIdentifier)\"")
            return nil
        }
        switch (kind, path.field) {
        case (.rangeOfMotion, nil):
            map.report(
                "path", "a range-of-motion result needs a field: \(Self.rangeOfMotionFields.joined(separator: ", "))")
            return nil
        case (.rangeOfMotion, let field?) where !Self.rangeOfMotionFields.contains(field):
            map.report(
                "path",
                "unknown range-of-motion field \"\(field)\" (one of \(Self.rangeOfMotionFields.joined(separator: ", ")))"
            )
            return nil
        case (.rangeOfMotion, _), (.unknown, _), (_, nil):
            return kind
        case (_, .some):
            map.report("path", "only range-of-motion results have fields")
            return nil
        }
    }

    /// The value types a result can be stored as; the first is the default.
    static func allowedTypes(_ kind: TaskIndex.ResultKind) -> [OutcomeValueType] {
        switch kind {
        case .rangeOfMotion: return [.double, .integer]
        case .unknown: return OutcomeValueType.allCases
        case .consent: return [.boolean]
        case .answer(let format):
            switch format {
            case .scale, .continuousScale, .numeric, .timeInterval: return [.double, .integer, .text]
            case .boolean: return [.boolean, .integer, .text]
            case .text, .timeOfDay: return [.text]
            case .textChoice, .textScale, .valuePicker: return [.text, .integer, .double]
            case .date: return [.date, .text]
            }
        }
    }

    private static func resultName(_ kind: TaskIndex.ResultKind) -> String {
        switch kind {
        case .rangeOfMotion: "range-of-motion"
        case .unknown: "broken"
        case .consent: "consent review"
        case .answer(let format): formatName(format)
        }
    }
}

extension SurveyDecoder {
    /// Decodes a score's `missing: { items: [step/item, …], atLeast, prorate, round }` (surveys/README.md, "Scores").
    func decodeMissingRule(_ node: SurveyNode, at path: SurveyPath, index: TaskIndex) -> MissingItemsRule? {
        guard let map = MapReader(node, at: path, kind: "missingRule", sink: sink) else { return nil }
        var items: [ResultPath] = []
        var failed = false
        for (itemNode, itemPath) in map.list("items", required: true) ?? [] {
            guard let text = itemNode.string, let resultPath = ResultPath(text), resultPath.field == nil else {
                sink.report(
                    itemPath, "must be \"step\" (question step) or \"step/item\" (form item)", line: itemNode.line)
                failed = true
                continue
            }
            guard index.stepIdentifiers.contains(resultPath.stepIdentifier) else {
                sink.report(itemPath, "unknown step \"\(resultPath.stepIdentifier)\"", line: itemNode.line)
                failed = true
                continue
            }
            guard index.result(step: resultPath.stepIdentifier, result: resultPath.resultIdentifier) != nil else {
                sink.report(
                    itemPath, "step \"\(resultPath.stepIdentifier)\" has no result \"\(resultPath.resultIdentifier)\"",
                    line: itemNode.line)
                failed = true
                continue
            }
            if items.contains(resultPath) {
                sink.report(itemPath, "\"\(text)\" is listed twice", line: itemNode.line)
                failed = true
            }
            items.append(resultPath)
        }
        if map.has("items"), items.isEmpty, !failed { map.report("items", "must name at least one item") }
        let atLeast = map.int("atLeast") ?? items.count
        if atLeast < 1 || atLeast > items.count, !items.isEmpty, !failed {
            map.report("atLeast", "must be between 1 and the number of items (\(items.count))")
            failed = true
        }
        let prorate = map.bool("prorate") ?? false
        let round = map.choice("round", ScoreRounding.allCases)
        if round != nil, !prorate { map.report("round", "round: applies to a prorated score (prorate: true)") }
        guard !failed, !items.isEmpty else { return nil }
        return MissingItemsRule(items: items, atLeast: atLeast, prorate: prorate, round: round)
    }
}
