import ResearchTasks

extension SurveyDecoder {
    /// Decodes one step: a mapping with exactly one kind key (instruction, completion, question, form, consent)
    /// whose value is the step id.
    func decodeStep(_ node: SurveyNode, at path: SurveyPath) -> Step? {
        guard let entries = node.entries else {
            sink.report(path, "must be a mapping, found \(node.kindName)", line: node.line)
            return nil
        }
        let kinds = SurveyVocabulary.stepKindKeys.filter { kind in entries.contains { $0.key == kind } }
        guard kinds.count == 1, let kind = kinds.first else {
            let list = SurveyVocabulary.stepKindKeys.joined(separator: ", ")
            let reason = kinds.isEmpty
                ? "a step needs one of \(list), holding its id"
                : "a step has exactly one kind, found \(kinds.joined(separator: " and "))"
            sink.report(path, reason, line: node.line)
            return nil
        }
        guard let reader = MapReader(node, at: path, kind: "\(kind)Step", sink: sink) else { return nil }
        let identifier = reader.string(kind, required: true, nonEmpty: true)
        if let identifier, identifier.contains("/") { reader.report(kind, "a step id must not contain \"/\"") }
        var step = Step(
            identifier: identifier ?? "",
            title: reader.string("title"),
            text: reader.string("text"),
            detailText: reader.string("detail"),
            footnote: reader.string("footnote"),
            showsProgress: reader.bool("showsProgress") ?? true,
            content: .instruction(InstructionContent())
        )
        switch kind {
        case "instruction":
            step.content = .instruction(InstructionContent(bulletPoints: reader.stringList("bullets") ?? []))
        case "completion":
            step.content = .completion(InstructionContent(bulletPoints: reader.stringList("bullets") ?? []))
        case "question":
            // ResearchKit's question steps are optional unless told otherwise (docs/navigation.md, "Steps").
            step.isOptional = reader.bool("optional") ?? true
            let format = decodeAnswerFormat(in: reader)
            step.content = .question(QuestionContent(
                question: reader.string("questionText"), placeholder: reader.string("placeholder"),
                answerFormat: format ?? .boolean(BooleanFormat())
            ))
            if format == nil, let identifier {
                brokenResults.append(TaskIndex.ResultKey(step: identifier, result: identifier))
            }
        case "form":
            step.isOptional = reader.bool("optional") ?? true
            step.content = .form(decodeForm(reader, step: identifier ?? ""))
        default:
            step.content = .consentReview(decodeConsent(reader))
        }
        return identifier == nil ? nil : step
    }

    private func decodeConsent(_ reader: MapReader) -> ConsentReviewContent {
        var sections: [ConsentSection] = []
        let sectionItems = reader.list("sections", required: true)
        for (node, path) in sectionItems ?? [] {
            guard let section = MapReader(node, at: path, kind: "consentSection", sink: sink) else { continue }
            let title = section.string("title", required: true, nonEmpty: true)
            let content = section.string("content", required: true, nonEmpty: true)
            if let title, let content { sections.append(ConsentSection(title: title, content: content)) }
        }
        if sectionItems?.isEmpty == true { reader.report("sections", "must have at least one section") }
        let reason = reader.string("reason", required: true, nonEmpty: true)
        return ConsentReviewContent(sections: sections, reasonForConsent: reason ?? "")
    }

    private func decodeForm(_ reader: MapReader, step: String) -> FormContent {
        var elements: [FormElement] = []
        var seen: [String: SurveyPath] = [:]
        let items = reader.list("items", required: true) ?? []
        if reader.has("items"), items.isEmpty { reader.report("items", "must have at least one item") }
        for (node, path) in items {
            if let entries = node.entries, entries.contains(where: { $0.key == "section" }) {
                guard let header = MapReader(node, at: path, kind: "sectionHeader", sink: sink) else { continue }
                if let title = header.string("section", required: true, nonEmpty: true) {
                    elements.append(.section(SectionHeader(title: title, detailText: header.string("detail"))))
                }
                continue
            }
            guard let itemReader = MapReader(node, at: path, kind: "formItem", sink: sink) else { continue }
            let identifier = itemReader.string("id", required: true, nonEmpty: true)
            if let identifier {
                if identifier.contains("/") { itemReader.report("id", "must not contain \"/\"") }
                if let first = seen[identifier] {
                    sink.report(path.key("id"), "duplicate form item id \"\(identifier)\" (already used at \(first))", line: node.line)
                }
                seen[identifier] = seen[identifier] ?? path
            }
            let format = decodeAnswerFormat(in: itemReader)
            if let identifier, format == nil { brokenResults.append(TaskIndex.ResultKey(step: step, result: identifier)) }
            guard let identifier, let format else { continue }
            elements.append(.item(FormItem(
                identifier: identifier, text: itemReader.string("text"), detailText: itemReader.string("detail"),
                placeholder: itemReader.string("placeholder"),
                isOptional: itemReader.bool("optional") ?? true, answerFormat: format
            )))
        }
        return FormContent(elements: elements)
    }
}
