import OutcomeMapping
import ResearchTasks

extension SurveyDecoder {
    /// Decodes an outcome's `sum: [path, …]` (surveys/README.md, "FHIR"): every path must be a choice item whose
    /// choices all have a `score`. The type is integer when every score is whole, else double; a declared type must
    /// be one of those and integer only when every score is whole.
    func decodeSum(_ map: MapReader, declaredType: OutcomeValueType?, index: TaskIndex) -> (
        [ResultPath], OutcomeValueType
    )? {
        guard let items = map.list("sum") else { return nil }
        if items.isEmpty {
            map.report("sum", "must name at least one path")
            return nil
        }
        var paths: [ResultPath] = []
        var scores: [Double] = []
        var failed = false
        for (node, itemPath) in items {
            guard let text = node.string else {
                sink.report(
                    itemPath, "must be a path written \"step\" or \"step/item\", found \(node.kindName)",
                    line: node.line)
                failed = true
                continue
            }
            guard let resultPath = ResultPath(text), resultPath.field == nil else {
                sink.report(itemPath, "must be \"step\" (question step) or \"step/item\" (form item)", line: node.line)
                failed = true
                continue
            }
            guard let choiceScores = scoredChoices(resultPath, at: itemPath, line: node.line, index: index) else {
                failed = true
                continue
            }
            if paths.contains(resultPath) {
                sink.report(itemPath, "\"\(text)\" is summed twice", line: node.line)
                failed = true
            }
            paths.append(resultPath)
            scores += choiceScores
        }
        let whole = scores.allSatisfy { $0.rounded() == $0 }
        if let declaredType {
            guard declaredType == .double || declaredType == .integer else {
                map.report("type", "a sum of scores is stored as integer or double")
                return nil
            }
            if declaredType == .integer, !whole {
                map.report("type", "some summed scores are not whole numbers; use double")
                return nil
            }
        }
        return failed ? nil : (paths, declaredType ?? (whole ? .integer : .double))
    }

    /// The scores of the choices at a summed path; nil (reported) unless it is a choice result whose choices all
    /// have scores.
    private func scoredChoices(_ path: ResultPath, at place: SurveyPath, line: Int, index: TaskIndex) -> [Double]? {
        guard index.stepIdentifiers.contains(path.stepIdentifier) else {
            sink.report(place, "unknown step \"\(path.stepIdentifier)\"", line: line)
            return nil
        }
        guard let kind = index.result(step: path.stepIdentifier, result: path.resultIdentifier) else {
            sink.report(place, "step \"\(path.stepIdentifier)\" has no result \"\(path.resultIdentifier)\"", line: line)
            return nil
        }
        if case .unknown = kind { return [] }
        guard case .answer(let format) = kind, let choices = format.choices else {
            sink.report(
                place, "only choice answers can be summed (singleChoice, multipleChoice, textScale, valuePicker)",
                line: line)
            return nil
        }
        let unscored = choices.filter { $0.score == nil }.map { "\"\($0.text)\"" }
        guard unscored.isEmpty else {
            sink.report(
                place,
                "every summed choice needs a score; \(unscored.joined(separator: ", ")) \(unscored.count == 1 ? "has" : "have") none",
                line: line)
            return nil
        }
        return choices.compactMap(\.score)
    }
}
