import Yams

extension QuestionnaireMapping {
    /// The answer format of a question item (`key`, its node) and how its answer is tested; writes its outcome
    /// entry. Nil, with a loss, when the item type cannot be asked.
    mutating func answerFormat(_ item: QuestionnaireItem, path: String) -> (String, Node, ImportedAnswer.Kind)? {
        let linkId = item.linkId
        if item.repeats && !["choice", "open-choice"].contains(item.type) {
            losses.add(.item(linkId), "repeats: a \(item.type) item is answered once")
        }
        if item.readOnly, calculatedExpressions[linkId] == nil {
            losses.add(.item(linkId), "readOnly: the item is asked like any other")
        }
        let result: (String, Node, ImportedAnswer.Kind, String)?
        let offersOptions = !item.answerOptions.isEmpty || item.answerValueSet != nil
        switch offersOptions && ["integer", "date", "time", "string"].contains(item.type) ? "choice" : item.type {
        case "boolean":
            if !item.initial.isEmpty { losses.add(.item(linkId), "initial: a yes/no question has no default") }
            result = ("boolean", YAMLNodes.map([], flow: true), .boolean, "boolean")
        case "integer", "decimal", "quantity":
            result = numberFormat(item)
        case "date", "dateTime":
            let key = item.type
            let bounds = ["minValue", "maxValue"].map { name -> String? in
                switch item.extensionValue(name) {
                case .date(let text)?, .dateTime(let text)?: return text
                case nil: return nil
                case let other?:
                    losses.add(.item(linkId), "\(name): a \(other.typeName) bound is not understood; ignored")
                    return nil
                }
            }
            result = (
                key,
                YAMLNodes.map(
                    [
                        ("min", YAMLNodes.text(bounds[0])), ("max", YAMLNodes.text(bounds[1])),
                        ("default", YAMLNodes.text(initialText(item))),
                    ], flow: true), .date, "date"
            )
        case "time":
            let initial = initialText(item).map { String($0.prefix(5)) }
            result = ("timeOfDay", YAMLNodes.map([("default", YAMLNodes.text(initial))], flow: true), .time, "text")
        case "string", "text", "url":
            var pattern: String?
            if case .string(let regex) = item.extensionValue("regex") { pattern = regex }
            // A url is free text with the URL pattern (docs/fhir-import.md, "Answer formats"); fhirType: url writes it
            // back.
            var invalidMessage: String?
            if item.type == "url", pattern == nil {
                (pattern, invalidMessage) = (URLItemPattern.pattern, URLItemPattern.invalidMessage)
            }
            result = (
                "freeText",
                YAMLNodes.map(
                    [
                        ("maxLength", YAMLNodes.integer(item.maxLength)), ("pattern", YAMLNodes.text(pattern)),
                        ("invalidMessage", YAMLNodes.text(invalidMessage)),
                        ("multipleLines", item.type == "text" ? YAMLNodes.bool(true) : nil),
                        ("default", YAMLNodes.text(initialText(item))),
                    ], flow: true), .text, "text"
            )
        case "choice", "open-choice":
            result = choiceFormat(item)
        case "attachment", "reference":
            losses.add(.item(linkId), "\(item.type) items cannot be answered in a terminal; left out")
            result = nil
        default:
            losses.add(.item(linkId), "the item type \"\(item.type)\" is not known; left out")
            result = nil
        }
        guard let (key, format, kind, type) = result else { return nil }
        let units = item.unitCoding.flatMap { $0.code ?? $0.display }
        outcomes.append(
            YAMLNodes.map(
                [
                    ("kind", YAMLNodes.text(identifiers.byLinkId[linkId] ?? linkId)), ("path", YAMLNodes.text(path)),
                    ("type", YAMLNodes.text(type)), ("units", YAMLNodes.text(units)),
                    ("code", codedOnly(item.codes, of: item).first.map(YAMLNodes.coding)),
                ], flow: true))
        return (key, format, kind)
    }

    /// The first `initial` value as text (dates, times, strings), nil when absent.
    func initialText(_ item: QuestionnaireItem) -> String? {
        switch item.initial.first {
        case .string(let text)?, .date(let text)?, .dateTime(let text)?, .time(let text)?: text
        default: nil
        }
    }

    /// integer, decimal and quantity items: `scale` (slider), `integer` or `decimal`, with bounds and unit.
    mutating func numberFormat(_ item: QuestionnaireItem) -> (String, Node, ImportedAnswer.Kind, String) {
        let bounds = ["minValue", "maxValue"].map { name -> Double? in
            guard let value = item.extensionValue(name) else { return nil }
            guard let number = value.number else {
                losses.add(.item(item.linkId), "\(name): a \(value.typeName) bound is not a number; ignored")
                return nil
            }
            return number
        }
        let initial = item.initial.first?.number
        var unit = item.unitCoding
        // A quantity is a number and its unit code (fhirType: quantity; its responses answer valueQuantity).
        if item.type == "quantity", unit == nil {
            let options = item.extensions.filter { $0.matches("questionnaire-unitOption") }
            if case .coding(let first)? = options.first?.value { unit = first }
            if options.count > 1 {
                losses.add(
                    .item(item.linkId), "questionnaire-unitOption: only the first of \(options.count) units is offered")
            }
        }
        let unitText = unit.flatMap { $0.code ?? $0.display }
        let unitCode = unit.flatMap { $0.code == nil ? nil : YAMLNodes.coding($0) }
        if item.type == "integer", item.itemControl == "slider" {
            var step = 1
            if case .integer(let value) = item.extensionValue("questionnaire-sliderStepValue") { step = value }
            let minimum = Int(exactly: bounds[0] ?? 0)
            let maximum = Int(exactly: bounds[1] ?? 100)
            if let minimum, let maximum, Self.isScale(minimum: minimum, maximum: maximum, step: step) {
                let node = YAMLNodes.map(
                    [
                        ("min", YAMLNodes.integer(minimum)), ("max", YAMLNodes.integer(maximum)),
                        ("step", YAMLNodes.integer(step)), ("default", YAMLNodes.number(initial)),
                    ], flow: true)
                return ("scale", node, .number, "integer")
            }
            losses.add(
                .item(item.linkId), "the slider is not a scale of 2 to 14 positions within ±10000; asked as a number")
        }
        var fractionDigits: Int?
        if case .integer(let digits) = item.extensionValue("maxDecimalPlaces") { fractionDigits = digits }
        let isInteger = item.type == "integer"
        let node = YAMLNodes.map(
            [
                ("unit", YAMLNodes.text(unitText)), ("unitCode", unitCode),
                ("min", YAMLNodes.number(bounds[0])), ("max", YAMLNodes.number(bounds[1])),
                ("fractionDigits", isInteger ? nil : YAMLNodes.integer(fractionDigits)),
                ("default", YAMLNodes.number(initial)),
            ], flow: true)
        return (isInteger ? "integer" : "decimal", node, .number, isInteger ? "integer" : "double")
    }

    /// Whether a scale from `minimum` to `maximum` by `step` is one the survey format accepts (docs/answer-formats.md,
    /// "Scales").
    static func isScale(minimum: Int, maximum: Int, step: Int) -> Bool {
        guard step >= 1, maximum > minimum, (maximum - minimum) % step == 0 else { return false }
        return (1...13).contains((maximum - minimum) / step) && minimum >= -10000 && maximum <= 10000
    }

    /// choice and open-choice items: `singleChoice` or `multipleChoice` (repeats), options from
    /// `answerOption` or a ValueSet, scores kept, open-choice adding an "other" choice.
    mutating func choiceFormat(_ item: QuestionnaireItem) -> (String, Node, ImportedAnswer.Kind, String)? {
        let linkId = item.linkId
        var options = item.answerOptions
        if let reference = item.answerValueSet {
            let resolved =
                reference.hasPrefix("#")
                ? questionnaire.containedValueSets[String(reference.dropFirst())]
                : valueSets[reference] ?? valueSets[reference.split(separator: "|").first.map(String.init) ?? reference]
            if let resolved {
                options += resolved
            } else {
                losses.add(.item(linkId), "answerValueSet \(reference) cannot be resolved (give it with --value-set)")
            }
        }
        var choices: [ImportedChoice] = []
        var nodes: [Node] = []
        var seen: Set<ChoiceValueText> = []
        for option in options {
            guard let (node, value) = choiceNode(option, linkId: linkId) else { continue }
            guard seen.insert(value).inserted else {
                losses.add(.item(linkId), "two options have the value \(value); the second is left out")
                continue
            }
            nodes.append(node)
            choices.append(ImportedChoice(source: option.value, value: value, score: option.score))
        }
        if options.contains(where: \.initialSelected) || !item.initial.isEmpty {
            losses.add(.item(linkId), "initial selection: a choice question has no default")
        }
        if item.type == "open-choice" {
            nodes.append(
                YAMLNodes.map(
                    [
                        ("text", YAMLNodes.text("Other")), ("value", YAMLNodes.text("Other")),
                        ("other", YAMLNodes.bool(true)),
                    ], flow: true))
        }
        guard !choices.isEmpty else {
            losses.add(.item(linkId), "no answer option can be offered; left out")
            return nil
        }
        // Only a repeating item takes several answers (FHIR R4 item.repeats); a check-box without repeats is a single
        // choice, its itemControl kept for export.
        let multiple = item.repeats
        let node = YAMLNodes.map([("choices", YAMLNodes.list(nodes))])
        return (multiple ? "multipleChoice" : "singleChoice", node, .choice(choices), "text")
    }

    /// One choice of an option, and the value it is given.
    func choiceNode(_ option: AnswerOption, linkId: String) -> (Node, ChoiceValueText)? {
        let score = YAMLNodes.number(option.score)
        switch option.value {
        case .coding(let coding):
            guard let code = coding.code else {
                losses.add(.item(linkId), "an option coding without a code is left out")
                return nil
            }
            let node = YAMLNodes.map([
                ("text", languages.text(coding.display ?? code, option.translations, place: "item \(linkId) option")),
                ("value", YAMLNodes.text(code)),
                ("coding", YAMLNodes.coding(coding)), ("score", score),
            ])
            return (node, .string(code))
        case .string(let text):
            let shown = languages.text(text, option.translations, place: "item \(linkId) option")
            let node =
                score == nil && option.translations.isEmpty
                ? YAMLNodes.text(text)!
                : YAMLNodes.map([("text", shown), ("value", YAMLNodes.text(text)), ("score", score)], flow: true)
            return (node, .string(text))
        case .integer(let number):
            let node = YAMLNodes.map(
                [("text", YAMLNodes.text(String(number))), ("value", YAMLNodes.integer(number)), ("score", score)],
                flow: true)
            return (node, .integer(number))
        case .date(let text) where text.count != 10:
            losses.add(.item(linkId), "the partial date option \(text) is offered as text")
            return (
                YAMLNodes.map(
                    [("text", YAMLNodes.text(text)), ("value", YAMLNodes.text(text)), ("score", score)], flow: true),
                .string(text)
            )
        case .date(let text), .time(let text):
            let type = if case .date = option.value { "date" } else { "time" }
            let node = YAMLNodes.map(
                [
                    ("text", YAMLNodes.text(text)), ("value", YAMLNodes.text(text)),
                    ("optionType", YAMLNodes.text(type)), ("score", score),
                ], flow: true)
            return (node, .string(text))
        default:
            losses.add(.item(linkId), "a value\(option.value.typeName) option cannot be offered; left out")
            return nil
        }
    }
}
