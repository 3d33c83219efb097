import Foundation

/// Reads one mapping of a survey document: reports unknown keys (with a suggestion), missing required
/// keys and wrongly typed values to the sink, and returns what could be read.
struct MapReader {
    /// Where the mapping is.
    let path: SurveyPath
    /// Its line.
    let line: Int
    /// Its entries in document order.
    let entries: [SurveyNode.Entry]
    let sink: ProblemSink

    /// Reads `node` as a mapping of object kind `kind` (see `SurveyVocabulary`); nil (reported) if it is not
    /// a mapping. With `allowNull`, an empty value (`boolean:`) reads as an empty mapping.
    init?(_ node: SurveyNode, at path: SurveyPath, kind: String, sink: ProblemSink, allowNull: Bool = false) {
        self.init(node, at: path, allowed: SurveyVocabulary.keys(kind), sink: sink, allowNull: allowNull)
    }

    /// Reads `node` as a mapping whose keys must be among `allowed`.
    init?(_ node: SurveyNode, at path: SurveyPath, allowed: [String], sink: ProblemSink, allowNull: Bool = false) {
        self.path = path
        self.line = node.line
        self.sink = sink
        switch node.value {
        case .mapping(let entries): self.entries = entries
        case .null where allowNull: self.entries = []
        default:
            sink.report(path, "must be a mapping, found \(node.kindName)", line: node.line)
            return nil
        }
        for entry in entries where !allowed.contains(entry.key) {
            var reason = "unknown key \"\(entry.key)\""
            if let suggestion = KeySuggestion.closest(to: entry.key, in: allowed) {
                reason += " (did you mean \"\(suggestion)\"?)"
            }
            sink.report(path, reason, line: entry.value.line)
        }
    }

    /// Whether the key is present.
    func has(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    /// The value of the key, if present.
    func node(_ key: String) -> SurveyNode? {
        entries.first { $0.key == key }?.value
    }

    /// The value of a key that must be present (reports when missing).
    func required(_ key: String) -> SurveyNode? {
        guard let value = node(key) else {
            sink.report(path, "missing required key \"\(key)\"", line: line)
            return nil
        }
        return value
    }

    /// Reports that the key's value has the wrong type.
    func wrongType(_ key: String, _ expected: String, _ found: SurveyNode) {
        var reason = "must be \(expected), found \(found.kindName)"
        if expected.hasPrefix("a string"), case .bool = found.value { reason += " (quote it)" }
        if expected.hasPrefix("a string"), case .int = found.value { reason += " (quote it)" }
        sink.report(path.key(key), reason, line: found.line)
    }

    /// Reports a problem with the key's value.
    func report(_ key: String, _ reason: String) {
        sink.report(path.key(key), reason, line: node(key)?.line ?? line)
    }

    /// A string value; with `nonEmpty`, an empty string is reported.
    func string(_ key: String, required isRequired: Bool = false, nonEmpty: Bool = false) -> String? {
        guard let value = isRequired ? required(key) : node(key) else { return nil }
        guard let text = value.string else {
            wrongType(key, "a string", value)
            return nil
        }
        if nonEmpty, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            report(key, "must not be empty")
            return nil
        }
        return text
    }

    /// A boolean value.
    func bool(_ key: String, required isRequired: Bool = false) -> Bool? {
        guard let value = isRequired ? required(key) : node(key) else { return nil }
        guard case .bool(let flag) = value.value else {
            wrongType(key, "true or false", value)
            return nil
        }
        return flag
    }

    /// A whole-number value.
    func int(_ key: String, required isRequired: Bool = false) -> Int? {
        guard let value = isRequired ? required(key) : node(key) else { return nil }
        switch value.value {
        case .int(let number): return number
        case .double(let number) where number.rounded() == number && abs(number) < 1e15: return Int(number)
        default:
            wrongType(key, "a whole number", value)
            return nil
        }
    }

    /// A numeric value.
    func number(_ key: String, required isRequired: Bool = false) -> Double? {
        guard let value = isRequired ? required(key) : node(key) else { return nil }
        guard let number = value.number else {
            wrongType(key, "a number", value)
            return nil
        }
        guard number.isFinite else {
            report(key, "must be a finite number")
            return nil
        }
        return number
    }

    /// A list value (its items with their paths).
    func list(_ key: String, required isRequired: Bool = false) -> [(SurveyNode, SurveyPath)]? {
        guard let value = isRequired ? required(key) : node(key) else { return nil }
        guard case .sequence(let items) = value.value else {
            wrongType(key, "a list", value)
            return nil
        }
        return items.enumerated().map { ($0.element, path.key(key).index($0.offset)) }
    }

    /// A list of strings.
    func stringList(_ key: String) -> [String]? {
        guard let items = list(key) else { return nil }
        var strings: [String] = []
        for (item, itemPath) in items {
            if let text = item.string {
                strings.append(text)
            } else {
                sink.report(itemPath, "must be a string, found \(item.kindName)", line: item.line)
            }
        }
        return strings
    }

    /// One of a fixed set of string values.
    func choice<T: RawRepresentable>(_ key: String, _ options: [T], required isRequired: Bool = false) -> T?
    where T.RawValue == String {
        guard let text = string(key, required: isRequired) else { return nil }
        guard let value = T(rawValue: text), options.contains(where: { $0.rawValue == text }) else {
            let allowed = options.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            report(key, "must be one of \(allowed)")
            return nil
        }
        return value
    }
}
