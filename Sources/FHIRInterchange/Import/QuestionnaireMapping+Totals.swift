import Yams

extension QuestionnaireMapping {
    /// The `sum:` outcomes of calculated items (SDC calculatedExpression) in a questionnaire whose choices carry
    /// scores — a PHQ-9 total — over every scored choice item; other calculated items are losses. A questionnaire with
    /// two or more fully scored choice items and no calculated item (ResearchKitOnFHIR's GAD-7) gets one `total`
    /// outcome over them (docs/fhir-import.md, "Outcomes and scores").
    mutating func totalOutcomes() -> [Node] {
        let scored = questionnaireOrder(answers).filter { answer in
            guard case .choice(let choices) = answer.kind else { return false }
            return choices.allSatisfy { $0.score != nil }
        }
        var nodes: [Node] = []
        let whole = scored.allSatisfy { answer in
            guard case .choice(let choices) = answer.kind else { return true }
            return choices.allSatisfy { ($0.score ?? 0).rounded() == $0.score }
        }
        if calculatedItems.isEmpty, calculatedExpressions.isEmpty, scored.count >= 2 {
            nodes.append(
                YAMLNodes.map([
                    ("kind", YAMLNodes.text(identifiers.assign("total"))),
                    ("sum", YAMLNodes.list(scored.map { YAMLNodes.text($0.path)! }, flow: true)),
                    ("type", YAMLNodes.text(whole ? "integer" : "double")), ("units", YAMLNodes.text("{score}")),
                ]))
        }
        for item in calculatedItems {
            guard !scored.isEmpty else {
                losses.add(.item(item.linkId), "calculatedExpression: the item is left out")
                continue
            }
            if Self.expressionExtension(item, ExpressionExtension.calculated)?.expression != nil {
                losses.add(
                    .item(item.linkId), "calculatedExpression: the total is imported as a sum of the scored choices")
            }
            let units = item.unitCoding.flatMap { $0.code ?? $0.display }
            // The outcome kind is a Regimen name spelled from the linkId; the total keeps the item's code.
            let kind = identifiers.assign(item.linkId)
            nodes.append(
                YAMLNodes.map([
                    ("kind", YAMLNodes.text(kind)),
                    ("sum", YAMLNodes.list(scored.map { YAMLNodes.text($0.path)! }, flow: true)),
                    ("type", YAMLNodes.text(whole ? "integer" : "double")), ("units", YAMLNodes.text(units)),
                    ("code", codedOnly(item.codes, of: item).first.map(YAMLNodes.coding)),
                ]))
        }
        return nodes
    }

    /// The answers in document order.
    func questionnaireOrder(_ answers: [String: ImportedAnswer]) -> [ImportedAnswer] {
        answers.sorted { (order[$0.key] ?? 0) < (order[$1.key] ?? 0) }.map(\.value)
    }
}
