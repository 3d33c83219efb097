import CareModel

extension SurveyDecoder {
    /// A task file's `plan:` and `links:` (docs/care-plans.md): the plan's id (checked against the care file once
    /// every file is read) and each link with its target checked (https only, E.164 phones, email addresses).
    func decodeTaskCare(_ task: MapReader) -> TaskCareDetails {
        let planID = task.string("plan", nonEmpty: true)
        var links: [TaskLink] = []
        for (node, path) in task.list("links") ?? [] {
            if let link = decodeLink(node, at: path) { links.append(link) }
        }
        return TaskCareDetails(planID: planID, links: links)
    }

    private func decodeLink(_ node: SurveyNode, at path: SurveyPath) -> TaskLink? {
        guard let map = MapReader(node, at: path, kind: "link", sink: sink) else { return nil }
        let title = map.string("title", required: true, nonEmpty: true)
        let kinds = TaskLink.Kind.allCases.filter { map.has($0.rawValue) }
        guard kinds.count == 1, let kind = kinds.first, let target = map.node(kind.rawValue) else {
            let names = TaskLink.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            sink.report(
                path, kinds.isEmpty ? "a link needs one of \(names)" : "a link has one of \(names), not several",
                line: node.line)
            return nil
        }
        let place = path.key(kind.rawValue)
        let reader = ContactInfoReader(sink: sink)
        let value: String?
        switch kind {
        case .website:
            value = map.string(kind.rawValue, nonEmpty: true).flatMap { text in
                if let problem = WebAddress.problem(text) {
                    sink.report(place, problem, line: target.line)
                    return nil
                }
                return text
            }
        case .phone, .message: value = reader.phone(target, at: place)?.value
        case .email: value = reader.email(target, at: place)?.value
        case .address: value = reader.postalAddress(target, at: place)?.oneLine
        case .app:
            value = map.string(kind.rawValue, nonEmpty: true).flatMap { text in
                guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
                    sink.report(
                        place, "\"\(text)\" is not an App Store id (digits, e.g. 1234567890)", line: target.line)
                    return nil
                }
                return text
            }
        }
        guard let title, let value else { return nil }
        return TaskLink(kind: kind, title: title, target: value)
    }
}
