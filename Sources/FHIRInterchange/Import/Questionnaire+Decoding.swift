import RegimenFoundation

extension Questionnaire {
    /// Deepest nesting of items read (a survey file allows 64 levels of YAML nesting, docs/survey-file-limits.md).
    package static let maximumItemDepth = 24

    /// Reads a Questionnaire from JSON bytes; wrong-typed elements become losses, a missing structure an error.
    static func decode(_ bytes: [UInt8], losses: LossList) throws(FHIRImportError) -> Questionnaire {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes: bytes)
        } catch {
            throw .notJSON(error)
        }
        guard case .object(let members) = document else {
            throw .malformed(
                place: "the document",
                problem: "must be a JSON object (a FHIR resource), found \(FHIRObjectReader.describe(document))")
        }
        let root = FHIRObjectReader(members: members, place: "", subject: .questionnaire, losses: losses)
        guard case .string(let type) = members["resourceType"] ?? .null else {
            throw .malformed(
                place: "resourceType", problem: "missing; a Questionnaire has \"resourceType\": \"Questionnaire\"")
        }
        guard type == "Questionnaire" else {
            throw .malformed(place: "resourceType", problem: "is \"\(type)\", not a Questionnaire")
        }
        guard case .array(let itemValues) = members["item"] ?? .array([]), !itemValues.isEmpty else {
            throw .malformed(place: "item", problem: "the questionnaire has no items")
        }
        var contained: [String: [AnswerOption]] = [:]
        for resource in root.objects("contained") where resource.string("resourceType") == "ValueSet" {
            if let id = resource.string("id") { contained[id] = ValueSetOptions.options(of: resource) }
        }
        let items = try root.objects("item").map { item throws(FHIRImportError) in
            try QuestionnaireItem.decode(item, depth: 1)
        }
        return Questionnaire(
            id: root.string("id"), url: root.string("url"), version: root.string("version"), name: root.string("name"),
            title: root.string("title"), status: root.string("status"),
            codes: root.objects("code").map(FHIRCoding.init(reading:)),
            containedValueSets: contained, items: items,
            modifierExtensions: root.objects("modifierExtension").map { $0.string("url") ?? "(no url)" },
            extensions: FHIRExtension.decodeAll(in: root),
            titleTranslations: FHIRTranslations.read(root.object("_title"), subject: .questionnaire),
            language: root.string("language")
        )
    }
}

extension QuestionnaireItem {
    /// Reads one item and its children; `depth` is 1 for a top-level item.
    static func decode(_ reader: FHIRObjectReader, depth: Int) throws(FHIRImportError) -> QuestionnaireItem {
        guard case .string(let linkId) = reader.members["linkId"] ?? .null, !linkId.isEmpty else {
            throw .malformed(
                place: reader.place(of: "linkId"), problem: "every item needs a linkId (a non-empty string)")
        }
        guard case .string(let type) = reader.members["type"] ?? .null else {
            throw .malformed(place: reader.place(of: "type"), problem: "item \(linkId) needs a type (a string)")
        }
        guard depth <= Questionnaire.maximumItemDepth else {
            throw .malformed(
                place: reader.place,
                problem: "item \(linkId) is nested deeper than \(Questionnaire.maximumItemDepth) levels")
        }
        let item = reader.about(.item(linkId))
        let enableWhen = item.objects("enableWhen").compactMap { condition -> EnableWhen? in
            guard let question = condition.string("question"), let comparison = condition.string("operator") else {
                item.losses.add(.item(linkId), "\(condition.place): an enableWhen needs question and operator; ignored")
                return nil
            }
            guard let answer = FHIRValue(prefix: "answer", in: condition) else {
                if condition.hasChoice(prefix: "answer") { return nil }
                item.losses.add(.item(linkId), "\(condition.place): an enableWhen needs an answer[x]; ignored")
                return nil
            }
            return EnableWhen(question: question, comparison: comparison, answer: answer)
        }
        let options = item.objects("answerOption").compactMap { option -> AnswerOption? in
            guard let value = FHIRValue(prefix: "value", in: option) else {
                if option.hasChoice(prefix: "value") { return nil }
                item.losses.add(.item(linkId), "\(option.place): an answerOption needs a value[x]; ignored")
                return nil
            }
            let shown = option.object("valueCoding")?.object("_display") ?? option.object("_valueString")
            return AnswerOption(
                value: value, score: FHIRExtension.score(in: option),
                initialSelected: option.bool("initialSelected") ?? false,
                translations: FHIRTranslations.read(shown, subject: .item(linkId)))
        }
        let children = try item.objects("item").map { child throws(FHIRImportError) in
            try decode(child, depth: depth + 1)
        }
        return QuestionnaireItem(
            linkId: linkId, type: type, text: item.string("text"), prefix: item.string("prefix"),
            codes: item.objects("code").map(FHIRCoding.init(reading:)), required: item.bool("required") ?? false,
            repeats: item.bool("repeats") ?? false, readOnly: item.bool("readOnly") ?? false,
            maxLength: item.integer("maxLength"),
            enableWhen: enableWhen, enableBehavior: item.string("enableBehavior"),
            answerValueSet: item.string("answerValueSet"),
            answerOptions: options, initial: item.objects("initial").compactMap { FHIRValue(prefix: "value", in: $0) },
            extensions: FHIRExtension.decodeAll(in: item),
            modifierExtensions: item.objects("modifierExtension").map { $0.string("url") ?? "(no url)" },
            items: children,
            textExtensions: item.object("_text").map(FHIRExtension.decodeAll(in:)) ?? [],
            prefixExtensions: item.object("_prefix").map(FHIRExtension.decodeAll(in:)) ?? [],
            textTranslations: FHIRTranslations.read(item.object("_text"), subject: .item(linkId)),
            prefixTranslations: FHIRTranslations.read(item.object("_prefix"), subject: .item(linkId))
        )
    }
}

extension FHIRExtension {
    /// The `extension` array of an element.
    static func decodeAll(in reader: FHIRObjectReader) -> [FHIRExtension] {
        reader.objects("extension").compactMap { element in
            guard let url = element.string("url") else { return nil }
            let expression = element.object("valueExpression").map { value in
                ExpressionValue(
                    name: value.string("name"), language: value.string("language"),
                    expression: value.string("expression"))
            }
            return FHIRExtension(url: url, value: FHIRValue(prefix: "value", in: element), expression: expression)
        }
    }

    /// The score of an answer option or concept: its `ordinalValue` (R4), `itemWeight` (R5) or `iso21090-CO-value`
    /// extension, on the element or on its `valueCoding`.
    static func score(in reader: FHIRObjectReader) -> Double? {
        let names = ["ordinalValue", "itemWeight", "iso21090-CO-value"]
        let holders = [reader] + [reader.object("valueCoding")].compactMap { $0 }
        for holder in holders {
            for element in decodeAll(in: holder) where names.contains(where: element.matches) {
                if let number = element.value?.number { return number }
            }
        }
        return nil
    }
}

extension FHIRObjectReader {
    /// Whether the object has a `prefix[x]` member (`answerInteger`, …), readable or not.
    func hasChoice(prefix: String) -> Bool {
        choiceKey(prefix: prefix) != nil
    }

    /// The name of the first `prefix[x]` member (`valueCoding`, `answerInteger`, …), by name, if any.
    func choiceKey(prefix: String) -> String? {
        members.keys.sorted().first { $0.hasPrefix(prefix) && $0.dropFirst(prefix.count).first?.isUppercase == true }
    }
}
