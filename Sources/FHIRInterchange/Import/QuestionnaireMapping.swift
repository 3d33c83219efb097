import Foundation
import RegimenFoundation
import Yams

/// One conversion in progress: walks the items in document order, writing steps, rules and outcomes, and noting
/// what it cannot convert (docs/fhir-import.md).
struct QuestionnaireMapping {
    /// The questionnaire being converted.
    let questionnaire: Questionnaire
    /// External ValueSets by canonical URL.
    let valueSets: [String: [AnswerOption]]
    /// Where losses go.
    let losses: LossList
    /// The survey's language and the questionnaire's, and how texts with translations are written.
    let languages: ImportLanguages
    /// Survey ids of linkIds.
    var identifiers = SurveyIdentifiers()
    /// Each linkId's position in document order.
    let order: [String: Int]
    /// Answerable items converted so far, by linkId.
    var answers: [String: ImportedAnswer] = [:]
    /// `skip:` rules for top-level items with enableWhen.
    var skipRules: [Node] = []
    /// `outcomes:` entries, one per answerable item.
    var outcomes: [Node] = []
    /// Calculated items (SDC calculatedExpression) whose expression could not be carried over, to become sums.
    var calculatedItems: [QuestionnaireItem] = []
    /// The task's `variables:` entries (SDC `variable`s of the root and of items).
    var variables: [Node] = []
    /// Their names, in order.
    var variableNames: [String] = []
    /// The names of variables left out (an expression reading one is left out too).
    var refusedVariables: Set<String> = []
    /// The `calculated:` expression of each calculated item, by linkId.
    var calculatedExpressions: [String: String] = [:]
    /// The `initial:` expression of items with an initialExpression, by linkId.
    var initialExpressions: [String: String] = [:]
    /// The `{ expression }` condition of items with an enableWhenExpression, by linkId.
    var enableExpressions: [String: Node] = [:]
    /// The `{{ … }}` text of items whose text is a cqf-expression, by linkId.
    var pipedTexts: [String: String] = [:]

    /// Prepares the conversion of `questionnaire`.
    /// Throws when two items share a linkId (enableWhen and answers could not tell them apart).
    /// `language` (`--language`) names the survey's default language (docs/fhir-import.md, "Languages").
    init(
        questionnaire: Questionnaire, valueSets: [String: [AnswerOption]], losses: LossList,
        language: LanguageTag? = nil
    ) throws(FHIRImportError) {
        self.questionnaire = questionnaire
        self.valueSets = valueSets
        self.losses = losses
        languages = try ImportLanguages(questionnaire, requested: language, losses: losses)
        var order: [String: Int] = [:]
        var duplicate: String?
        func number(_ items: [QuestionnaireItem]) {
            for item in items {
                if order[item.linkId] != nil { duplicate = duplicate ?? item.linkId }
                order[item.linkId] = order[item.linkId] ?? order.count
                number(item.items)
            }
        }
        number(questionnaire.items)
        if let duplicate { throw .malformed(place: "item", problem: "two items have the linkId \"\(duplicate)\"") }
        self.order = order
    }

    /// The whole survey document and its task id.
    mutating func document(fallbackIdentifier: String) throws(FHIRImportError) -> (node: Node, identifier: String) {
        for url in questionnaire.modifierExtensions {
            losses.add(.questionnaire, "modifierExtension \(url) is not understood")
        }
        if questionnaire.status == "retired" { losses.add(.questionnaire, "the questionnaire is retired") }
        let rawIdentifier = questionnaire.id ?? fallbackIdentifier
        let identifier = SurveyIdentifiers.sanitized(rawIdentifier)
        // An id the task id syntax refuses is kept in the fhir block, as a linkId is kept as linkId:
        // (docs/fhir-import.md, "Ids").
        let keptIdentifier = identifier == rawIdentifier || questionnaire.id == nil ? nil : rawIdentifier
        let title =
            [questionnaire.title, questionnaire.name].compactMap { $0 }.first {
                !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            } ?? identifier
        for element in questionnaire.extensions where element.matches(ExpressionExtension.variable) {
            addVariable(element, onItem: nil)
        }
        let steps = topLevelSteps(questionnaire.items)
        guard !steps.isEmpty else {
            throw .malformed(
                place: "item",
                problem: "no item can be asked (\(losses.losses.map(\.description).joined(separator: "; ")))")
        }
        let sums = totalOutcomes()
        var status = questionnaire.status
        if let given = status, !["draft", "active", "retired", "unknown"].contains(given) {
            losses.add(.questionnaire, "the status \"\(given)\" is not a FHIR publication status; left out")
            status = nil
        }
        let panelCodes = codedOnly(questionnaire.codes, of: nil)
        let fhir = YAMLNodes.map([
            ("id", YAMLNodes.text(keptIdentifier)), ("url", YAMLNodes.text(questionnaire.url)),
            ("version", YAMLNodes.text(questionnaire.version)),
            ("name", YAMLNodes.text(questionnaire.name)), ("status", YAMLNodes.text(status)),
            ("code", panelCodes.isEmpty ? nil : YAMLNodes.list(panelCodes.map(YAMLNodes.coding))),
        ])
        let hasFHIR =
            keptIdentifier != nil || questionnaire.url != nil || questionnaire.version != nil
            || questionnaire.name != nil
            || status != nil || !panelCodes.isEmpty
        let titleTranslations = title == questionnaire.title ? questionnaire.titleTranslations : .none
        let titleNode = languages.text(title, titleTranslations, place: "title")
        if let place = languages.missing.first, let survey = languages.survey {
            throw .malformed(
                place: place,
                problem: "has no \(survey) text, so \(survey) cannot be the survey's default language "
                    + "(--language): every text must have it (\(languages.missing.count) lack it)")
        }
        let node = YAMLNodes.map([
            ("id", YAMLNodes.text(identifier)), ("title", titleNode),
            ("language", YAMLNodes.text(languages.survey?.description)), ("fhir", hasFHIR ? fhir : nil),
            ("variables", variables.isEmpty ? nil : YAMLNodes.list(variables)),
            ("steps", YAMLNodes.list(steps)), ("skip", skipRules.isEmpty ? nil : YAMLNodes.list(skipRules)),
            ("outcomes", outcomes.isEmpty && sums.isEmpty ? nil : YAMLNodes.list(outcomes + sums)),
        ])
        return (node, identifier)
    }

    // MARK: Items

    /// Whether the item is dropped before conversion (modifier extension, calculated, hidden), noting why.
    mutating func isSetAside(_ item: QuestionnaireItem) -> Bool {
        if let url = item.modifierExtensions.first {
            losses.add(
                .item(item.linkId), "modifierExtension \(url) is not understood; the item and its children are left out"
            )
            return true
        }
        let hasCalculation = Self.expressionExtension(item, ExpressionExtension.calculated) != nil
        let isHidden = if case .boolean(true) = item.extensionValue("questionnaire-hidden") { true } else { false }
        if isHidden, !hasCalculation {
            losses.add(.item(item.linkId), "hidden items are not asked; left out")
            return true
        }
        let isCalculated = readExpressions(of: item)
        if hasCalculation, !isCalculated {
            calculatedItems.append(item)
            return true
        }
        if isHidden {
            losses.add(.item(item.linkId), "questionnaire-hidden: a calculated item is shown as a read-only line")
        }
        return false
    }

    /// `{ not: condition }`, or the inner condition of a `{ not: … }` (an exported skip rule's expression).
    static func negated(_ condition: Node) -> Node {
        if case .mapping(let mapping) = condition, mapping.count == 1, let inner = mapping["not"] { return inner }
        return YAMLNodes.map([("not", condition)], flow: true)
    }

    /// The display children shown as help (`itemControl` help or flyover), joined as a detail text.
    func helpText(of item: QuestionnaireItem) -> String? {
        let helps = item.items.filter(Self.isHelp)
        if helps.contains(where: { !$0.textTranslations.isEmpty }) {
            losses.add(.item(item.linkId), "the translations of its help text are left out (the help is joined text)")
        }
        let texts = helps.compactMap(\.text)
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// Whether `item` is a display item shown as help for its parent.
    static func isHelp(_ item: QuestionnaireItem) -> Bool {
        item.type == "display" && ["help", "flyover", "legal"].contains(item.itemControl ?? "")
    }

    /// The `linkId:` of the step or item with survey id `id`: the original linkId when the id had to differ.
    static func keptLinkId(_ item: QuestionnaireItem, id: String) -> Node? {
        id == item.linkId ? nil : YAMLNodes.text(item.linkId)
    }

    /// The question text: `prefix` and `text` together (for a section header, which has no `prefix:`).
    func questionText(_ item: QuestionnaireItem) -> Node? {
        guard
            let (text, translations) = languages.text(
                prefix: item.prefix, item.prefixTranslations, text: pipedTexts[item.linkId] ?? item.text,
                item.textTranslations)
        else { return nil }
        return languages.text(text, translations, place: "item \(item.linkId)")
    }

    /// The item's `text` and its `prefix:` kept apart (docs/fhir-import.md, "Structure"); an item with a prefix and
    /// no text has the prefix as its text.
    func textAndPrefix(_ item: QuestionnaireItem) -> (text: Node?, prefix: Node?) {
        let place = "item \(item.linkId)"
        guard let text = pipedTexts[item.linkId] ?? item.text else {
            return (languages.text(item.prefix, item.prefixTranslations, place: place + " prefix"), nil)
        }
        return (
            languages.text(text, item.textTranslations, place: place),
            languages.text(item.prefix, item.prefixTranslations, place: place + " prefix")
        )
    }

    /// The `itemControl:` of an item that has one.
    static func itemControl(_ item: QuestionnaireItem) -> Node? {
        YAMLNodes.text(item.itemControl)
    }

    /// The `fhirType:` of a quantity or url item (docs/fhir-import.md, "Answer formats").
    static func fhirType(_ item: QuestionnaireItem) -> Node? {
        ["quantity", "url"].contains(item.type) ? YAMLNodes.text(item.type) : nil
    }

    /// The steps of the top-level items.
    mutating func topLevelSteps(_ items: [QuestionnaireItem]) -> [Node] {
        var steps: [Node] = []
        for item in items where !isSetAside(item) {
            let id = identifiers.assign(item.linkId)
            var step: Node?
            switch item.type {
            case "display":
                let (text, prefix) = textAndPrefix(item)
                guard let text else { continue }
                step = YAMLNodes.map([
                    ("instruction", YAMLNodes.text(id)), ("linkId", Self.keptLinkId(item, id: id)), ("prefix", prefix),
                    ("text", text),
                ])
            case "group":
                step = formStep(item, id: id)
            default:
                step = questionStep(item, id: id)
            }
            guard let step else { continue }
            steps.append(step)
            if let condition = enableCondition(item) {
                skipRules.append(
                    YAMLNodes.map([
                        ("step", YAMLNodes.text(id)), ("when", Self.negated(condition)),
                    ]))
            }
            if item.type != "group" {
                let children = item.items.filter { !Self.isHelp($0) }
                if !children.isEmpty {
                    losses.add(.item(item.linkId), "items nested under a question are asked after it, not under it")
                    steps += topLevelSteps(children)
                }
            }
        }
        return steps
    }

    /// A `form:` step for a top-level group.
    mutating func formStep(_ group: QuestionnaireItem, id: String) -> Node? {
        if group.repeats { losses.add(.item(group.linkId), "a repeating group is asked once") }
        let items = formItems(group.items.filter { !Self.isHelp($0) }, form: id)
        guard !items.isEmpty else {
            losses.add(.item(group.linkId), "the group has nothing to ask; left out")
            return nil
        }
        let (title, prefix) = textAndPrefix(group)
        return YAMLNodes.map([
            ("form", YAMLNodes.text(id)), ("linkId", Self.keptLinkId(group, id: id)), ("prefix", prefix),
            ("title", title),
            ("text", YAMLNodes.text(helpText(of: group))), ("optional", group.required ? YAMLNodes.bool(false) : nil),
            ("code", codes(group)), ("itemControl", Self.itemControl(group)), ("items", YAMLNodes.list(items)),
        ])
    }

    /// The `items:` of a form (or of a nested group inside it), `form` being the form step's id.
    mutating func formItems(_ items: [QuestionnaireItem], form: String) -> [Node] {
        var nodes: [Node] = []
        for item in items where !isSetAside(item) {
            let id = identifiers.assign(item.linkId)
            switch item.type {
            case "display":
                guard let text = questionText(item) else { continue }
                if !item.enableWhen.isEmpty || enableExpressions[item.linkId] != nil {
                    losses.add(
                        .item(item.linkId), "a section header cannot be enabled by a condition; it is always shown")
                }
                nodes.append(YAMLNodes.map([("section", text)]))
            case "group":
                if item.repeats { losses.add(.item(item.linkId), "a repeating group is asked once") }
                let condition = enableCondition(item)
                let children = formItems(item.items.filter { !Self.isHelp($0) }, form: form)
                guard !children.isEmpty else {
                    losses.add(.item(item.linkId), "the group has nothing to ask; left out")
                    continue
                }
                let (text, prefix) = textAndPrefix(item)
                nodes.append(
                    YAMLNodes.map([
                        ("group", YAMLNodes.text(id)), ("linkId", Self.keptLinkId(item, id: id)), ("prefix", prefix),
                        ("text", text),
                        ("code", codes(item)), ("itemControl", Self.itemControl(item)),
                        ("enabledWhen", condition), ("items", YAMLNodes.list(children)),
                    ]))
            default:
                let condition = enableCondition(item)
                guard let (key, format, kind) = answerFormat(item, path: "\(form)/\(id)") else { continue }
                answers[item.linkId] = ImportedAnswer(path: "\(form)/\(id)", kind: kind)
                let (text, prefix) = textAndPrefix(item)
                nodes.append(
                    YAMLNodes.map([
                        ("id", YAMLNodes.text(id)), ("linkId", Self.keptLinkId(item, id: id)), ("prefix", prefix),
                        ("text", text),
                        ("detail", YAMLNodes.text(helpText(of: item))),
                        ("placeholder", YAMLNodes.text(placeholder(item))),
                        ("optional", item.required ? YAMLNodes.bool(false) : nil), ("code", codes(item)),
                        ("itemControl", Self.itemControl(item)), ("fhirType", Self.fhirType(item)),
                        ("enabledWhen", condition), ("calculated", YAMLNodes.text(calculatedExpressions[item.linkId])),
                        ("initial", YAMLNodes.text(initialExpressions[item.linkId])), (key, format),
                    ]))
                let children = item.items.filter { !Self.isHelp($0) }
                if !children.isEmpty {
                    losses.add(.item(item.linkId), "items nested under a question are asked after it, not under it")
                    nodes += formItems(children, form: form)
                }
            }
        }
        return nodes
    }

    /// A `question:` step for a top-level question.
    mutating func questionStep(_ item: QuestionnaireItem, id: String) -> Node? {
        guard let (key, format, kind) = answerFormat(item, path: id) else { return nil }
        answers[item.linkId] = ImportedAnswer(path: id, kind: kind)
        let (title, prefix) = textAndPrefix(item)
        return YAMLNodes.map([
            ("question", YAMLNodes.text(id)), ("linkId", Self.keptLinkId(item, id: id)), ("prefix", prefix),
            ("title", title),
            ("detail", YAMLNodes.text(helpText(of: item))), ("placeholder", YAMLNodes.text(placeholder(item))),
            ("optional", item.required ? YAMLNodes.bool(false) : nil), ("code", codes(item)),
            ("itemControl", Self.itemControl(item)), ("fhirType", Self.fhirType(item)),
            ("calculated", YAMLNodes.text(calculatedExpressions[item.linkId])),
            ("initial", YAMLNodes.text(initialExpressions[item.linkId])), (key, format),
        ])
    }

    /// The item's `code:` list, nil when it has none.
    func codes(_ item: QuestionnaireItem) -> Node? {
        let codings = codedOnly(item.codes, of: item)
        return codings.isEmpty ? nil : YAMLNodes.list(codings.map(YAMLNodes.coding))
    }

    /// The codings that have a `code` (a survey coding needs one); the others are noted as losses of `item`.
    func codedOnly(_ codings: [FHIRCoding], of item: QuestionnaireItem?) -> [FHIRCoding] {
        let coded = codings.filter { $0.code != nil }
        if coded.count < codings.count {
            losses.add(item.map { .item($0.linkId) } ?? .questionnaire, "a code without its code element is left out")
        }
        return coded
    }

    /// The `entryFormat` extension: the placeholder.
    func placeholder(_ item: QuestionnaireItem) -> String? {
        if case .string(let text) = item.extensionValue("entryFormat") { return text }
        return nil
    }
}
