import ResearchTasks

extension SurveyDecoder {
    /// Decodes one step: a mapping with exactly one kind key (instruction, completion, question, form, consent)
    /// whose value is the step id. `earlier` are the steps before it (what a form's `enabledWhen` may name).
    func decodeStep(_ node: SurveyNode, at path: SurveyPath, earlier: [Step]) -> Step? {
        guard let entries = node.entries else {
            sink.report(path, "must be a mapping, found \(node.kindName)", line: node.line)
            return nil
        }
        let kinds = SurveyVocabulary.stepKindKeys.filter { kind in entries.contains { $0.key == kind } }
        guard kinds.count == 1, let kind = kinds.first else {
            let list = SurveyVocabulary.stepKindKeys.joined(separator: ", ")
            let reason =
                kinds.isEmpty
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
            linkId: Self.linkIdKinds.contains(kind) ? linkId(reader, idKey: kind, identifier: identifier) : nil,
            title: text(reader, "title"),
            text: text(reader, "text"),
            detailText: text(reader, "detail"),
            footnote: text(reader, "footnote"),
            showsProgress: reader.bool("showsProgress") ?? true,
            content: .instruction(InstructionContent())
        )
        switch kind {
        case "instruction":
            step.fhir = fhirDetails(reader)
            step.content = .instruction(InstructionContent(bulletPoints: reader.stringList("bullets") ?? []))
        case "completion":
            step.content = .completion(InstructionContent(bulletPoints: reader.stringList("bullets") ?? []))
        case "question":
            // ResearchKit's question steps are optional unless told otherwise (docs/navigation.md, "Steps").
            step.isOptional = reader.bool("optional") ?? true
            let format = decodeAnswerFormat(in: reader)
            let calculated =
                reader.has("calculated")
                ? expression(reader, "calculated", role: .before(questionCount), calculates: step.linkId ?? identifier)
                : nil
            if reader.has("calculated"), reader.has("initial") {
                reader.report("initial", "a calculated question is never asked, so it has no initial value")
            }
            step.content = .question(
                QuestionContent(
                    question: text(reader, "questionText"), placeholder: reader.string("placeholder"),
                    answerFormat: format ?? .boolean(BooleanFormat()), codes: codings(reader, "code"),
                    calculated: calculated, initial: initialValue(reader)
                ))
            if identifier != nil, format != nil { questionCount += 1 }
            if format == nil, let identifier {
                brokenResults.append(TaskIndex.ResultKey(step: identifier, result: identifier))
            }
            step.fhir = fhirDetails(reader, typed: format)
        case "form":
            step.isOptional = reader.bool("optional") ?? true
            step.fhir = fhirDetails(reader, coded: true)
            step.content = .form(decodeForm(reader, step: identifier ?? "", earlier: earlier))
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
}
