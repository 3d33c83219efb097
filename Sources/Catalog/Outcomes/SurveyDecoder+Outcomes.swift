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
