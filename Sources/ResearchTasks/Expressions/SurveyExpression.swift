package import FHIRPath

/// An expression of a survey file (docs/expressions.md, "In survey files"): parsed once when the survey is loaded,
/// compared by its text. A calculated item, a variable, an `expression` condition, an initial value, a piped `{{…}}`
/// or a score holds one.
package struct SurveyExpression: Sendable, Hashable, CustomStringConvertible {
    /// The parsed expression.
    package let parsed: FHIRPathExpression

    /// Parses `text`; a syntax error gives the line and column.
    package init(parsing text: String) throws(FHIRPathSyntaxError) {
        parsed = try FHIRPathExpression(parsing: text)
    }

    /// The expression as written.
    package var text: String { parsed.text }

    /// The `%names` it reads (the environment's own aside).
    package var variableNames: Set<String> { parsed.variableNames }

    /// The expression as written.
    package var description: String { text }

    /// Whether it depends on the focus it starts from (`%context`, a path without `%resource`): see
    /// `FHIRPathExpression.readsFocus`.
    package var readsFocus: Bool { parsed.readsFocus }

    /// Whether its value can depend on the response resource rather than only on its `%names`: see
    /// `FHIRPathExpression.readsResource`.
    package var readsResource: Bool { parsed.readsResource }

    /// The linkIds it names by path (`item.where(linkId = 'weight')`).
    package var comparedLinkIds: Set<String> { parsed.comparedLinkIds }

    package static func == (lhs: SurveyExpression, rhs: SurveyExpression) -> Bool { lhs.text == rhs.text }

    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// A task-level named variable (SDC's `variable` extension): `%name` in every expression of the survey, evaluated in
/// the order written.
package struct TaskVariable: Sendable, Hashable {
    /// The name, read as `%name`.
    package var name: String
    /// Its expression.
    package var expression: SurveyExpression

    /// Creates a variable.
    package init(name: String, expression: SurveyExpression) {
        self.name = name
        self.expression = expression
    }
}

/// Where a question's pre-filled answer comes from (`initial:`).
package enum InitialValue: Sendable, Hashable {
    /// The value of an expression over the answers so far.
    case expression(SurveyExpression)
    /// The participant's answer to the same question in the previous completed run of the same survey version
    /// (`initial: previous`, ResearchKit's default result source).
    case previous
}

/// What a task's expressions share beyond its steps: the named variables and the piped texts.
package struct TaskExpressions: Sendable, Hashable {
    /// Named variables in the order written (each may use only the earlier ones).
    package var variables: [TaskVariable]
    /// Each participant-facing text holding `{{…}}` (or an escaped `\{{`), by its text as written.
    package var templates: [String: TextTemplate]

    /// Creates the expressions of a task; none by default.
    package init(variables: [TaskVariable] = [], templates: [String: TextTemplate] = [:]) {
        self.variables = variables
        self.templates = templates
    }

    /// Whether the task uses no variable and no piping.
    package var isEmpty: Bool { variables.isEmpty && templates.isEmpty }
}

extension OrderedTask {
    /// Whether a run reads the previous run: some question has `initial: previous`, or some expression reads
    /// `%previous`.
    package var readsPreviousRun: Bool {
        let reads = ExpressionReads(self)
        return reads.prefillsFromPreviousRun || reads.names.contains("previous")
    }
}
