import OutcomeMapping

extension SurveyDecoder {
    /// Decodes `charts:` entries `{ title, type, kinds }`: each kind must be one of the file's numeric outcome kinds.
    func decodeCharts(_ items: [(SurveyNode, SurveyPath)], outcomes: [OutcomeSpec]) -> [ChartSpec] {
        var charts: [ChartSpec] = []
        for (node, path) in items {
            guard let map = MapReader(node, at: path, kind: "chart", sink: sink) else { continue }
            let title = map.string("title", required: true, nonEmpty: true)
            let style = map.choice("type", ChartSpec.Style.allCases, required: true)
            guard map.required("kinds") != nil, let kinds = map.stringList("kinds") else { continue }
            if kinds.isEmpty { map.report("kinds", "must name at least one outcome kind") }
            var valid = true
            for (offset, kind) in kinds.enumerated() {
                let place = path.key("kinds").index(offset)
                if kinds[..<offset].contains(kind) {
                    sink.report(place, "outcome kind \"\(kind)\" is charted twice", line: node.line)
                    valid = false
                } else if let problem = Self.chartProblem(kind: kind, outcomes: outcomes) {
                    sink.report(place, problem, line: node.line)
                    valid = false
                }
            }
            guard valid, !kinds.isEmpty, let title, let style else { continue }
            charts.append(ChartSpec(title: title, style: style, kinds: kinds))
        }
        return charts
    }

    /// Why `kind` cannot be charted, or nil when it is a numeric outcome the file declares.
    private static func chartProblem(kind: String, outcomes: [OutcomeSpec]) -> String? {
        guard let outcome = outcomes.first(where: { $0.kind == kind }) else {
            let declared = outcomes.map(\.kind)
            let list =
                declared.isEmpty ? "the file declares no outcomes" : "declared: \(declared.joined(separator: ", "))"
            return "unknown outcome kind \"\(kind)\" (\(list))"
        }
        guard outcome.isNumeric else {
            return
                "outcome kind \"\(kind)\" is stored as \(outcome.type.rawValue); only double and integer outcomes can be charted"
        }
        return nil
    }
}
