import FHIRPath
import ResearchTasks

extension SurveyDecoder {
    /// Which answers an expression may read (docs/expressions.md, "Checks at validate").
    enum ExpressionRole: Sendable, Hashable {
        /// Only the first `count` questions of the survey (those before its item or step).
        case before(Int)
        /// A navigation rule after the step: questions up to the step's own.
        case afterStep(String)
        /// A skip rule of the step: questions before it.
        case skipping(String)
        /// A task variable (its index): every question, and only the variables before it.
        case variable(Int)
        /// An outcome's score: every question, and `%answered`, `%itemCount`, `%items`.
        case score
        /// Not yet known (a rule's condition, tagged once its step is read).
        case pending
    }

    /// One expression of the file and where it is, checked once the whole task is read.
    struct ExpressionSite: Sendable {
        var expression: SurveyExpression
        var path: SurveyPath
        var line: Int
        var role: ExpressionRole
        /// The calculated item it computes (its linkId), for the cycle check.
        var calculates: String?
    }

    /// Parses the expression at `key`; a syntax error is reported as `path.key: column: problem`.
    func expression(_ map: MapReader, _ key: String, role: ExpressionRole, calculates: String? = nil)
        -> SurveyExpression?
    {
        guard let text = map.string(key, nonEmpty: true) else { return nil }
        return parseExpression(
            text, at: map.path.key(key), line: map.node(key)?.line ?? map.line, role: role,
            calculates: calculates)
    }

    /// Parses `text` as an expression at `path`, recording it for the checks; reports a syntax error.
    func parseExpression(
        _ text: String, at path: SurveyPath, line: Int, role: ExpressionRole, calculates: String? = nil
    ) -> SurveyExpression? {
        do {
            let parsed = try SurveyExpression(parsing: text)
            expressionSites.append(
                ExpressionSite(expression: parsed, path: path, line: line, role: role, calculates: calculates))
            return parsed
        } catch {
            sink.report(path, error.description, line: line)
            return nil
        }
    }

    /// Reads a participant-facing text at `key`; one holding `{{` is parsed as a template (docs/expressions.md,
    /// "Piping"), its problems reported as `path.key: column: problem`.
    func text(_ map: MapReader, _ key: String, required: Bool = false, nonEmpty: Bool = false) -> String? {
        let text = map.string(key, required: required, nonEmpty: nonEmpty)
        noteTemplate(text, at: map.path.key(key), line: map.node(key)?.line ?? map.line)
        return text
    }

    /// Parses `text` as a template when it holds `{{`, recording it (the role is the current text role).
    func noteTemplate(_ text: String?, at path: SurveyPath, line: Int) {
        guard let text, TextTemplate.isTemplate(text), templates[text] == nil else { return }
        do {
            let template = try TextTemplate(parsing: text)
            templates[text] = template
            for expression in template.expressions {
                expressionSites.append(
                    ExpressionSite(expression: expression, path: path, line: line, role: .before(questionCount)))
            }
        } catch {
            sink.report(path, error.description, line: line)
        }
    }

    /// Decodes `initial:`: `previous`, or an expression.
    func initialValue(_ map: MapReader) -> InitialValue? {
        guard map.has("initial") else { return nil }
        if map.node("initial")?.string == "previous" { return .previous }
        return expression(map, "initial", role: .before(questionCount)).map(InitialValue.expression)
    }

    /// Decodes the task's `variables: [{ name, expression }]`.
    func decodeVariables(_ task: MapReader) -> [TaskVariable] {
        var variables: [TaskVariable] = []
        for (offset, (node, path)) in (task.list("variables") ?? []).enumerated() {
            guard let map = MapReader(node, at: path, kind: "variable", sink: sink) else { continue }
            let name = map.string("name", required: true, nonEmpty: true)
            let parsed = map.has("expression") ? expression(map, "expression", role: .variable(offset)) : nil
            if !map.has("expression") { sink.report(path, "missing required key \"expression\"", line: node.line) }
            guard let name else { continue }
            declaredVariables.append(name)
            if ExpressionScope.reservedNames.contains(name) {
                map.report("name", "%\(name) is reserved; choose another name")
            } else if variables.contains(where: { $0.name == name }) {
                map.report("name", "duplicate variable \"\(name)\"")
            }
            if let parsed { variables.append(TaskVariable(name: name, expression: parsed)) }
        }
        return variables
    }
}

extension SurveyDecoder {
    /// Checks every expression's `%names` against the task (docs/expressions.md, "Checks at validate"): each is a
    /// question's linkId that comes before the expression's place, a variable defined before it, or one of the
    /// environment's; calculated items and variables form no cycle.
    func checkExpressions(in task: OrderedTask) {
        guard !expressionSites.isEmpty else { return }
        var positions: [String: Int] = [:]
        var stepOfPosition: [Int] = []
        var stepIndex: [String: Int] = [:]
        for (index, step) in task.steps.enumerated() {
            stepIndex[step.identifier] = index
            switch step.content {
            case .question:
                positions[step.linkId ?? step.identifier] = stepOfPosition.count
                stepOfPosition.append(index)
            case .form(let form):
                for item in form.items {
                    positions[item.linkId ?? item.identifier] = stepOfPosition.count
                    stepOfPosition.append(index)
                }
            default: continue
            }
        }
        for name in declaredVariables where positions[name] != nil {
            sink.report(.root.key("variables"), "variable \"\(name)\" has the name of a question's linkId", line: nil)
        }
        // Every linkId of the survey, groups and forms included, for paths that name one.
        var linkIds = Set(positions.keys)
        for step in task.steps {
            linkIds.insert(step.linkId ?? step.identifier)
            if case .form(let form) = step.content { linkIds.formUnion(Self.groupLinkIds(form.elements)) }
        }
        for site in expressionSites {
            for linkId in site.expression.parsed.comparedLinkIds.sorted() where !linkIds.contains(linkId) {
                sink.report(site.path, "no question or group has the linkId '\(linkId)'", line: site.line)
            }
            for name in site.expression.variableNames.sorted() {
                if let reason = problem(
                    name, in: site, positions: positions, stepOfPosition: stepOfPosition,
                    stepIndex: stepIndex)
                {
                    sink.report(site.path, reason, line: site.line)
                }
            }
        }
        checkCycles(positions: positions)
    }

    private static func groupLinkIds(_ elements: [FormElement]) -> [String] {
        elements.flatMap { element -> [String] in
            guard case .group(let group) = element else { return [] }
            return [group.linkId ?? group.identifier] + groupLinkIds(group.elements)
        }
    }

    private func problem(
        _ name: String, in site: ExpressionSite, positions: [String: Int], stepOfPosition: [Int],
        stepIndex: [String: Int]
    ) -> String? {
        if name == "previous" { return nil }
        if ["answered", "itemCount", "items"].contains(name) {
            return site.role == .score ? nil : "%\(name) is defined only in an outcome's score"
        }
        if let defined = declaredVariables.firstIndex(of: name) {
            if case .variable(let own) = site.role, defined >= own {
                return defined == own
                    ? "variable %\(name) uses itself" : "variable %\(name) is used before it is defined"
            }
            return nil
        }
        guard let position = positions[name] else {
            let suggestion = KeySuggestion.closest(to: name, in: Array(positions.keys) + declaredVariables)
            return "unknown variable %\(name)" + (suggestion.map { " (did you mean %\($0)?)" } ?? "")
        }
        let later = "%\(name) names a question that comes later; an expression reads only the answers before it"
        switch site.role {
        case .before(let count): return position < count ? nil : later
        case .afterStep(let step):
            guard let index = stepIndex[step] else { return nil }
            return stepOfPosition[position] <= index ? nil : later
        case .skipping(let step):
            guard let index = stepIndex[step] else { return nil }
            return stepOfPosition[position] < index ? nil : later
        case .variable, .score, .pending: return nil
        }
    }

    /// Reports a cycle among calculated items and variables (`%a` computed from `%b`, `%b` from `%a`).
    private func checkCycles(positions: [String: Int]) {
        var reads: [String: Set<String>] = [:]
        var sites: [String: ExpressionSite] = [:]
        for site in expressionSites {
            let node: String?
            if let calculated = site.calculates {
                node = calculated
            } else if case .variable(let index) = site.role, index < declaredVariables.count {
                node = declaredVariables[index]
            } else {
                node = nil
            }
            guard let node else { continue }
            reads[node, default: []].formUnion(site.expression.variableNames)
            sites[node] = sites[node] ?? site
        }
        var reported: Set<String> = []
        for start in reads.keys.sorted() {
            guard let cycle = cycle(from: start, reads: reads), !reported.contains(start) else { continue }
            reported.formUnion(cycle)
            guard let site = sites[start] else { continue }
            let text = (cycle + [start]).map { "%\($0)" }.joined(separator: " → ")
            sink.report(site.path, "a cycle of calculated values: \(text)", line: site.line)
        }
    }

    /// A path from `start` back to itself through `reads`, if any.
    private func cycle(from start: String, reads: [String: Set<String>]) -> [String]? {
        var stack: [(String, [String])] = [(start, [start])]
        var seen: Set<String> = []
        while let (node, path) = stack.popLast() {
            for next in (reads[node] ?? []).sorted() {
                if next == start { return path }
                guard reads[next] != nil, seen.insert(next).inserted else { continue }
                stack.append((next, path + [next]))
            }
        }
        return nil
    }
}
