import ResearchTasks
import Yams

extension QuestionnaireMapping {
    /// The SDC and core extensions holding expressions (docs/fhir-import.md, "Expressions").
    enum ExpressionExtension {
        static let calculated = "sdc-questionnaire-calculatedExpression"
        static let enableWhen = "sdc-questionnaire-enableWhenExpression"
        static let initial = "sdc-questionnaire-initialExpression"
        static let answer = "sdc-questionnaire-answerExpression"
        static let variable = "variable"
        static let cqf = "cqf-expression"
        /// The language of FHIRPath expressions.
        static let fhirPath = "text/fhirpath"
    }

    /// Why an expression cannot be carried over.
    struct RefusedExpression: Error {
        /// The reason, for the loss list.
        var reason: String
    }

    /// The variables SDC defines that the survey's subset does not (docs/expressions.md, "Variables").
    static let sdcOnlyVariables: Set<String> = ["questionnaire", "qitem", "qitems", "factory", "terminologies"]

    /// The expression of `element` (an extension holding a valueExpression), parsed with the survey loader's parser
    /// and checked as `regimen validate` would: FHIRPath, every `%name` a variable defined so far or an imported
    /// question before it, every linkId it names one of the questionnaire's, and — for an item's expression
    /// (`onItem`) — not starting from the item, which SDC makes the focus and a survey does not.
    func importedExpression(_ element: FHIRExtension, onItem: Bool, variablesSoFar: [String]) -> Result<
        SurveyExpression, RefusedExpression
    > {
        guard let value = element.expression else {
            return .failure(RefusedExpression(reason: "its value is not a valueExpression"))
        }
        guard let language = value.language, language == ExpressionExtension.fhirPath else {
            let named = value.language.map { "the language \($0)" } ?? "no language"
            return .failure(
                RefusedExpression(reason: "\(named) is not \(ExpressionExtension.fhirPath), the only one evaluated"))
        }
        guard let text = value.expression, !text.allSatisfy(\.isWhitespace) else {
            return .failure(RefusedExpression(reason: "the Expression has no expression text"))
        }
        let parsed: SurveyExpression
        do {
            parsed = try SurveyExpression(parsing: text)
        } catch {
            return .failure(RefusedExpression(reason: "\(error) (in \"\(Self.excerpt(text))\")"))
        }
        // A variable reads every question (docs/expressions.md, "Checks at validate"); an item's expression only the
        // questions before it.
        let questions = onItem ? Set(answers.keys) : Set(order.keys)
        for name in parsed.variableNames.sorted() where !variablesSoFar.contains(name) && !questions.contains(name) {
            if refusedVariables.contains(name) {
                return .failure(RefusedExpression(reason: "it reads %\(name), which was left out"))
            }
            if Self.sdcOnlyVariables.contains(name) {
                return .failure(RefusedExpression(reason: "%\(name) is not supported (docs/expressions.md)"))
            }
            return .failure(
                RefusedExpression(reason: "%\(name) is neither a variable defined before it nor an earlier question"))
        }
        for linkId in parsed.comparedLinkIds.sorted() where order[linkId] == nil {
            return .failure(RefusedExpression(reason: "no item has the linkId '\(linkId)'"))
        }
        if onItem, parsed.readsFocus {
            return .failure(
                RefusedExpression(
                    reason:
                        "it starts from the item (%context, or a path without %resource), which a survey evaluates on the whole response"
                ))
        }
        return .success(parsed)
    }

    /// At most 60 characters of `text`, for messages.
    static func excerpt(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }

    /// The extension `name` of `item`, if it has one.
    static func expressionExtension(_ item: QuestionnaireItem, _ name: String) -> FHIRExtension? {
        item.extensions.first { $0.matches(name) }
    }

    /// The short name of an SDC extension for messages (`calculatedExpression`).
    static func shortName(_ name: String) -> String {
        String(name.dropFirst(name.hasPrefix("sdc-questionnaire-") ? "sdc-questionnaire-".count : 0))
    }

    /// Reads the expressions of `item` before it is converted (so that they see only the questions before it):
    /// its calculated, initial and enabling expressions, its text's cqf-expression and its variables. Returns
    /// whether the item is calculated; an expression that cannot be carried over is a loss naming why.
    mutating func readExpressions(of item: QuestionnaireItem) -> Bool {
        let linkId = item.linkId
        for element in item.extensions where element.matches(ExpressionExtension.variable) {
            addVariable(element, onItem: item)
        }
        var isCalculated = false
        if let element = Self.expressionExtension(item, ExpressionExtension.calculated) {
            if ["date", "dateTime", "group", "display", "attachment", "reference"].contains(item.type) {
                refuse(linkId, ExpressionExtension.calculated, "a \(item.type) item cannot be calculated")
            } else {
                switch importedExpression(element, onItem: true, variablesSoFar: variableNames) {
                case .success(let expression):
                    calculatedExpressions[linkId] = expression.text
                    isCalculated = true
                case .failure(let refused): refuse(linkId, ExpressionExtension.calculated, refused.reason)
                }
            }
        }
        if let element = Self.expressionExtension(item, ExpressionExtension.initial) {
            if isCalculated {
                refuse(
                    linkId, ExpressionExtension.initial, "a calculated item is never asked, so it has no initial value")
            } else if ["group", "display"].contains(item.type) {
                refuse(linkId, ExpressionExtension.initial, "a \(item.type) item has no answer")
            } else {
                switch importedExpression(element, onItem: true, variablesSoFar: variableNames) {
                case .success(let expression): initialExpressions[linkId] = expression.text
                case .failure(let refused): refuse(linkId, ExpressionExtension.initial, refused.reason)
                }
            }
        }
        if let element = Self.expressionExtension(item, ExpressionExtension.enableWhen) {
            switch importedExpression(element, onItem: true, variablesSoFar: variableNames) {
            case .success(let expression): enableExpressions[linkId] = Self.condition(expression.text)
            case .failure(let refused):
                refuse(linkId, ExpressionExtension.enableWhen, "\(refused.reason); the item is always asked")
            }
        }
        if Self.expressionExtension(item, ExpressionExtension.answer) != nil {
            losses.add(
                .item(linkId),
                "answerExpression: options computed by an expression are not supported; the item's own options are offered"
            )
        }
        if let element = item.textExtensions.first(where: { $0.matches(ExpressionExtension.cqf) }) {
            switch importedExpression(element, onItem: true, variablesSoFar: variableNames) {
            case .success(let expression):
                let template = "{{ \(expression.text) }}"
                if (try? TextTemplate(parsing: template)) != nil {
                    pipedTexts[linkId] = template
                } else {
                    refuse(linkId, "_text cqf-expression", "it cannot be written as a {{ }} template; the text is kept")
                }
            case .failure(let refused):
                refuse(linkId, "_text cqf-expression", "\(refused.reason); the text is kept")
            }
        }
        if item.prefixExtensions.contains(where: { $0.matches(ExpressionExtension.cqf) }) {
            losses.add(.item(linkId), "_prefix cqf-expression: a prefix is not piped; the prefix is kept as written")
        }
        return isCalculated
    }

    /// Notes that the expression extension `name` of the item cannot be carried over.
    func refuse(_ linkId: String, _ name: String, _ reason: String) {
        losses.add(.item(linkId), "\(Self.shortName(name)): \(reason)")
    }

    /// A condition holding when `text` gives a single true. A skip rule exported from a survey reads
    /// `iif((E) = true, false, true)`, which is `not: { expression: E }` again.
    static func condition(_ text: String) -> Node {
        let prefix = "iif(("
        let suffix = ") = true, false, true)"
        if text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count {
            let inner = String(text.dropFirst(prefix.count).dropLast(suffix.count))
            if (try? SurveyExpression(parsing: inner)) != nil {
                return YAMLNodes.map([("not", expressionNode(inner))], flow: true)
            }
        }
        return expressionNode(text)
    }

    /// `{ expression: text }`.
    static func expressionNode(_ text: String) -> Node {
        YAMLNodes.map([("expression", YAMLNodes.text(text))], flow: true)
    }

    /// Adds a `variable` extension (of the root, or of `item`) to the task's variables, or notes why not. An item's
    /// variable becomes a task variable when it does not start from the item: it is then the same value anywhere.
    mutating func addVariable(_ element: FHIRExtension, onItem item: QuestionnaireItem?) {
        let subject: FHIRImportLoss.Subject = item.map { .item($0.linkId) } ?? .questionnaire
        guard let name = element.expression?.name, !name.isEmpty else {
            losses.add(subject, "variable: the Expression has no name; left out")
            return
        }
        func refuse(_ reason: String) {
            losses.add(subject, "variable \(name): \(reason); left out")
        }
        if ExpressionScope.reservedNames.contains(name) {
            return refuse("%\(name) is a reserved name")
        }
        if variableNames.contains(name) {
            return refuse("another variable has that name")
        }
        if order[name] != nil {
            return refuse("an item has that linkId, which names its answers")
        }
        let expression = importedExpression(element, onItem: item != nil, variablesSoFar: variableNames)
        switch expression {
        case .failure(let refused):
            refusedVariables.insert(name)
            refuse(refused.reason)
        case .success(let expression):
            variableNames.append(name)
            variables.append(
                YAMLNodes.map(
                    [("name", YAMLNodes.text(name)), ("expression", YAMLNodes.text(expression.text))], flow: true))
        }
    }
}
