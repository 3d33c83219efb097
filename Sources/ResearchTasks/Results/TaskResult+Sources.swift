import RegimenFoundation

extension TaskResult {
    /// The results the file held directly under the task that are not step results (a page result, a question
    /// result…): not part of `results`, kept in `source` and written back in their places.
    package var keptResults: [OtherResult] {
        guard case .array(let items)? = source?["results"] else { return [] }
        return items.compactMap { item -> OtherResult? in
            guard !ResultTreeDecoder.isStepResult(item), case .object(let members) = item else { return nil }
            let className = if case .string(let name)? = members["_class"] { name } else { "" }
            return OtherResult(
                className: className, identifier: ResultTreeEncoder.otherIdentifier(in: members), json: members)
        }
    }

    /// The text the end date was written as, in the JSON this result was read from (nil when it was built, or read
    /// without its sources): it holds the UTC offset of the device that wrote it.
    package var writtenEndDate: String? {
        if case .string(let text)? = source?["endDate"] { text } else { nil }
    }

    /// The tree without the JSON objects its nodes were read from: what Regimen would have built for the same
    /// values. For comparing a tree read from a file with one built in code.
    package func removingSources() -> TaskResult {
        var tree = self
        tree.source = nil
        tree.device?.source = nil
        tree.results = results.map { step in
            var step = step
            step.source = nil
            step.results = step.results.map(\.removingSource)
            return step
        }
        return tree
    }
}

extension ChildResult {
    /// The child without the JSON object it was read from (an unmodeled result stays all JSON).
    fileprivate var removingSource: ChildResult {
        switch self {
        case .question(var result):
            result.source = nil
            return .question(result)
        case .rangeOfMotion(var result):
            result.source = nil
            return .rangeOfMotion(result)
        case .file(var result):
            result.source = nil
            return .file(result)
        case .consentSignature(var result):
            result.source = nil
            return .consentSignature(result)
        case .other:
            return self
        }
    }
}
