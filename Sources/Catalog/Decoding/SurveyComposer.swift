import CLibYAML

/// Builds a `SurveyNode` tree straight from libyaml's events, refusing what could make a small file explode before
/// building it: an alias (a 400-byte "billion laughs" file expands to billions of values), nesting deeper than the
/// limit, more values than the limit (docs/survey-file-limits.md). It keeps one frame per open mapping or list and no
/// recursion, so time and memory follow the file's size.
///
/// Yams' own composer is not used: it expands aliases into shared nodes that later walks multiply, hashes aliased
/// mapping keys in full, recurses once per level, and runs its tag resolver's regular expressions on every key.
/// libyaml is read through the package's own `CLibYAML` system library target; Yams still resolves scalars
/// (`SurveyScalar`).
struct SurveyComposer {
    private let format: SurveyFormat
    private let limits: SurveyLimits

    /// One open mapping or list.
    private struct Frame {
        var line: Int
        var isMapping: Bool
        var items: [SurveyNode] = []
        var entries: [SurveyNode.Entry] = []
        /// The key read in a mapping, waiting for its value.
        var key: String?
        /// Each key's line, to report duplicates.
        var keyLines: [String: Int] = [:]
    }

    /// A composer for files in `format`, within `limits`.
    init(format: SurveyFormat, limits: SurveyLimits) {
        self.format = format
        self.limits = limits
    }

    /// The single document in `utf8`; nil for an empty file.
    func compose(_ utf8: UnsafeBufferPointer<UInt8>) throws(SurveyParser.SyntaxError) -> SurveyNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw SurveyParser.SyntaxError(line: nil, reason: "not enough memory to read the file")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, utf8.baseAddress, utf8.count)

        let scalars = SurveyScalar()
        var stack: [Frame] = []
        var root: SurveyNode?
        var documents = 0
        var values = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            var finished: SurveyNode?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw problem(
                        line,
                        "\(format.name) syntax error at line \(line), column \(column): "
                            + "a second document; a survey file holds one")
                }
                continue
            case YAML_ALIAS_EVENT:
                let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
                throw problem(
                    line,
                    format == .json
                        ? "JSON syntax error at line \(line), column \(column): *\(name) is a YAML alias, which JSON does not have"
                        : "YAML aliases are not supported (*\(name) at line \(line), column \(column)): write the value out"
                )
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                try checkKeyPosition(stack, line: line)
                values += 1
                guard stack.count < limits.maximumDepth else { throw tooDeep(line: line, column: column) }
                stack.append(Frame(line: line, isMapping: event.type == YAML_MAPPING_START_EVENT))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                let frame = stack.removeLast()
                finished = SurveyNode(
                    value: frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items), line: frame.line)
            case YAML_SCALAR_EVENT:
                values += 1
                let scalar = event.data.scalar
                let text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                if let top = stack.indices.last, stack[top].isMapping, stack[top].key == nil {
                    if let first = stack[top].keyLines[text] {
                        throw problem(line, "duplicate key \"\(text)\" at line \(line) (first at line \(first))")
                    }
                    stack[top].keyLines[text] = line
                    stack[top].key = text
                } else {
                    let tag =
                        scalar.quoted_implicit == 1 ? SurveyScalar.stringTag : scalar.tag.map { String(cString: $0) }
                    finished = SurveyNode(
                        value: scalars.value(text, tag: tag, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line
                    )
                }
            default:
                continue
            }
            guard values <= limits.maximumValues else {
                throw problem(
                    line,
                    "more than \(limits.maximumValues) values (the next one is at line \(line)); "
                        + "a survey file may hold at most \(limits.maximumValues)")
            }
            guard let node = finished else { continue }
            guard let top = stack.indices.last else {
                root = node
                continue
            }
            if stack[top].isMapping, let key = stack[top].key {
                stack[top].entries.append(SurveyNode.Entry(key: key, value: node))
                stack[top].key = nil
            } else {
                stack[top].items.append(node)
            }
        }
    }

    /// A mapping or list where a mapping expects a key.
    private func checkKeyPosition(_ stack: [Frame], line: Int) throws(SurveyParser.SyntaxError) {
        guard let top = stack.last, top.isMapping, top.key == nil else { return }
        throw problem(line, "mapping keys must be plain strings (line \(line))")
    }

    private func tooDeep(line: Int, column: Int) -> SurveyParser.SyntaxError {
        problem(
            line,
            "nested deeper than \(limits.maximumDepth) levels at line \(line), column \(column); "
                + "a survey file may nest at most \(limits.maximumDepth) levels")
    }

    private func problem(_ line: Int, _ reason: String) -> SurveyParser.SyntaxError {
        SurveyParser.SyntaxError(line: line, reason: reason)
    }

    /// libyaml's error, worded as "YAML (or JSON) syntax error at line L, column C: problem (context at line N)".
    private func syntaxError(_ parser: yaml_parser_t) -> SurveyParser.SyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable"
        let line = Int(parser.problem_mark.line) + 1
        let column = Int(parser.problem_mark.column) + 1
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return SurveyParser.SyntaxError(line: nil, reason: "not enough memory to read the file")
        case YAML_READER_ERROR:
            return SurveyParser.SyntaxError(line: nil, reason: "cannot read the file as text: \(problem)")
        default:
            // libyaml's own nesting limit (1000 levels, its scanner looks ahead of the events) is ours, reached early.
            if problem.hasPrefix("Maximum nesting level") { return tooDeep(line: line, column: column) }
            let context =
                parser.context.map { " (\(String(cString: $0)) at line \(Int(parser.context_mark.line) + 1))" } ?? ""
            return SurveyParser.SyntaxError(
                line: line,
                reason: "\(format.name) syntax error at line \(line), column \(column): \(problem)\(context)")
        }
    }
}
