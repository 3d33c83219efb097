import RegimenFoundation
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
            step.content = .consentReview(decodeConsent(reader, step: identifier ?? "", title: step.title))
        }
        return identifier == nil ? nil : step
    }

    /// A consent document (docs/consent.md, "The document"): its identity (`document`, `version`, `effective`,
    /// `withdrawal`), its sections, comprehension questions and statement.
    private func decodeConsent(_ reader: MapReader, step: String, title: String?) -> ConsentReviewContent {
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
        let document = reader.string("document", nonEmpty: true) ?? step
        if document.contains("/") { reader.report("document", "a document id must not contain \"/\"") }
        var withdrawal: [WithdrawalDataChoice] = []
        for (node, path) in reader.list("withdrawal") ?? [] {
            guard let choice = node.string.flatMap(WithdrawalDataChoice.init(rawValue:)) else {
                sink.report(path, "must be keep or remove", line: node.line)
                continue
            }
            if withdrawal.contains(choice) { sink.report(path, "\(choice.rawValue) is listed twice", line: node.line) }
            withdrawal.append(choice)
        }
        if reader.has("withdrawal"), withdrawal.isEmpty {
            reader.report("withdrawal", "must list keep, remove or both")
        }
        return ConsentReviewContent(
            sections: sections, reasonForConsent: reason ?? "",
            document: ConsentDocument(
                identifier: document, version: consentVersion(reader) ?? "",
                effectiveDate: effectiveDate(reader) ?? "", title: title, language: language?.description,
                withdrawalChoices: withdrawal.isEmpty ? [.keep] : withdrawal,
                isRequired: reader.bool("required") ?? true),
            questions: comprehensionQuestions(reader, sectionCount: sections.count))
    }

    /// `version:`, a string or a number ("1", 2, "2.1"): required, so that every signature names one.
    private func consentVersion(_ reader: MapReader) -> String? {
        guard let node = reader.required("version") else { return nil }
        let text: String
        switch node.value {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        case .double(let number): text = String(number)
        default:
            reader.wrongType("version", "a string or a number", node)
            return nil
        }
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            reader.report("version", "must be a version without spaces or \"/\", found \"\(text)\"")
            return nil
        }
        return text
    }

    /// `effective:`, the day the version takes effect, `yyyy-MM-dd`: required.
    private func effectiveDate(_ reader: MapReader) -> String? {
        guard let text = reader.string("effective", required: true, nonEmpty: true) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            CivilDate(year: year, month: month, day: day).isValid
        else {
            reader.report("effective", "must be a date, yyyy-MM-dd, found \"\(text)\"")
            return nil
        }
        return text
    }

    /// `questions:`: each with `text`, `choices`, the 1-based `answer` and the 1-based `section` it is about.
    private func comprehensionQuestions(_ reader: MapReader, sectionCount: Int) -> [ComprehensionQuestion] {
        var questions: [ComprehensionQuestion] = []
        for (node, path) in reader.list("questions") ?? [] {
            guard let item = MapReader(node, at: path, kind: "consentQuestion", sink: sink) else { continue }
            let text = item.string("text", required: true, nonEmpty: true)
            let choices = item.stringList("options") ?? []
            if !item.has("options") {
                item.report("options", "missing required key \"options\"")
            } else if choices.count < 2 {
                item.report("options", "a comprehension question needs at least two options")
            }
            let answer = item.int("answer", required: true)
            if let answer, !(1...max(choices.count, 1)).contains(answer) {
                item.report("answer", "must be the number of one of the \(choices.count) options, found \(answer)")
            }
            let section = item.int("section", required: true)
            if let section, !(1...max(sectionCount, 1)).contains(section) {
                item.report("section", "must be the number of one of the \(sectionCount) sections, found \(section)")
            }
            if let text, let answer, let section, choices.indices.contains(answer - 1), section <= sectionCount {
                questions.append(
                    ComprehensionQuestion(
                        text: text, choices: choices, correctChoice: answer - 1, section: max(section - 1, 0)))
            }
        }
        return questions
    }
}
