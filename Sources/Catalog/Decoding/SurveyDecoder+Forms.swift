import ResearchTasks

extension SurveyDecoder {
    /// What a form's `enabledWhen` conditions may name while its elements are decoded: the earlier steps and the
    /// form's items decoded so far (docs/navigation.md, "Enabled when").
    struct FormScope {
        /// The form step's identifier.
        var step: String
        /// Earlier steps' results plus the form's earlier items.
        var index: TaskIndex
        /// Item and group ids seen so far, with where they were first used.
        var seen: [String: SurveyPath] = [:]
    }

    /// Decodes a form's `items:`: items, section headers and nested groups.
    func decodeForm(_ reader: MapReader, step: String, earlier: [Step]) -> FormContent {
        var scope = FormScope(step: step, index: TaskIndex(steps: earlier, brokenResults: brokenResults))
        scope.index.stepIdentifiers.insert(step)
        return FormContent(elements: decodeFormElements(reader, scope: &scope))
    }

    /// Decodes the `items:` list of a form or a group.
    private func decodeFormElements(_ reader: MapReader, scope: inout FormScope) -> [FormElement] {
        var elements: [FormElement] = []
        let items = reader.list("items", required: true) ?? []
        if reader.has("items"), items.isEmpty { reader.report("items", "must have at least one item") }
        for (node, path) in items {
            let keys = node.entries?.map(\.key) ?? []
            if keys.contains("section") {
                guard let header = MapReader(node, at: path, kind: "sectionHeader", sink: sink) else { continue }
                if let title = text(header, "section", required: true, nonEmpty: true) {
                    elements.append(.section(SectionHeader(title: title, detailText: text(header, "detail"))))
                }
            } else if keys.contains("group") {
                guard let groupReader = MapReader(node, at: path, kind: "formGroup", sink: sink) else { continue }
                let identifier = elementIdentifier(groupReader, key: "group", scope: &scope)
                let groupLinkId = linkId(groupReader, idKey: "group", identifier: identifier)
                let condition = enabledWhen(groupReader, scope: scope)
                let inner = decodeFormElements(groupReader, scope: &scope)
                guard let identifier else { continue }
                elements.append(
                    .group(
                        FormGroup(
                            identifier: identifier, linkId: groupLinkId, text: text(groupReader, "text"),
                            enabledWhen: condition, elements: inner,
                            fhir: fhirDetails(groupReader, coded: true)
                        )))
            } else if let item = decodeFormItem(node, at: path, scope: &scope) {
                elements.append(.item(item))
            }
        }
        return elements
    }

    private func decodeFormItem(_ node: SurveyNode, at path: SurveyPath, scope: inout FormScope) -> FormItem? {
        guard let itemReader = MapReader(node, at: path, kind: "formItem", sink: sink) else { return nil }
        let identifier = elementIdentifier(itemReader, key: "id", scope: &scope)
        let itemLinkId = linkId(itemReader, idKey: "id", identifier: identifier)
        let condition = enabledWhen(itemReader, scope: scope)
        let format = decodeAnswerFormat(in: itemReader)
        let calculated =
            itemReader.has("calculated")
            ? expression(itemReader, "calculated", role: .before(questionCount), calculates: itemLinkId ?? identifier)
            : nil
        if itemReader.has("calculated"), itemReader.has("initial") {
            itemReader.report("initial", "a calculated item is never asked, so it has no initial value")
        }
        let initial = initialValue(itemReader)
        let itemText = text(itemReader, "text")
        let itemDetail = text(itemReader, "detail")
        if identifier != nil, format != nil { questionCount += 1 }
        if let identifier {
            let key = TaskIndex.ResultKey(step: scope.step, result: identifier)
            if format == nil { brokenResults.append(key) }
            scope.index.results[key] = format.map { .answer($0) } ?? .unknown
        }
        guard let identifier, let format else { return nil }
        return FormItem(
            identifier: identifier, linkId: itemLinkId, text: itemText,
            detailText: itemDetail,
            placeholder: itemReader.string("placeholder"), isOptional: itemReader.bool("optional") ?? true,
            answerFormat: format, codes: codings(itemReader, "code"), enabledWhen: condition,
            fhir: fhirDetails(itemReader, typed: format), calculated: calculated, initial: initial
        )
    }

    /// Reads an item's or group's id: required, without "/", unique among the form's items and groups.
    private func elementIdentifier(_ reader: MapReader, key: String, scope: inout FormScope) -> String? {
        guard let identifier = reader.string(key, required: true, nonEmpty: true) else { return nil }
        if identifier.contains("/") { reader.report(key, "must not contain \"/\"") }
        if let first = scope.seen[identifier] {
            reader.report(key, "duplicate form item id \"\(identifier)\" (already used at \(first))")
        } else {
            scope.seen[identifier] = reader.path
        }
        return identifier
    }

    /// Decodes an `enabledWhen` condition against the results before the element; it must name this task only.
    private func enabledWhen(_ reader: MapReader, scope: FormScope) -> ResultPredicate? {
        guard let node = reader.node("enabledWhen") else { return nil }
        selectorScopeNote = "enabledWhen can name only earlier steps and earlier items of the same form"
        conditionRole = .before(questionCount)
        defer {
            selectorScopeNote = nil
            conditionRole = .pending
        }
        let path = reader.path.key("enabledWhen")
        let foreignCount = foreignSelectors.count
        guard let predicate = decodePredicate(node, at: path, index: scope.index, task: taskIdentifier) else {
            return nil
        }
        if predicate.namesOtherTask {
            dropForeignSelectors(keepingFirst: foreignCount)
            reader.report("enabledWhen", "enabledWhen can name only results of this task (no \"task:\")")
            return nil
        }
        return predicate
    }
}

extension ResultPredicate {
    /// Whether some selector of the predicate names another task.
    fileprivate var namesOtherTask: Bool {
        switch self {
        case .result(let selector, _): selector.taskIdentifier != nil
        case .and(let parts), .or(let parts): parts.contains { $0.namesOtherTask }
        case .not(let inner): inner.namesOtherTask
        case .expression: false
        }
    }
}
