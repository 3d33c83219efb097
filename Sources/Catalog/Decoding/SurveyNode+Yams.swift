import Yams

/// Parses YAML (or JSON) text into a `SurveyNode` tree, or a syntax problem with its line.
enum SurveyParser {
    /// A syntax error: line (when known) and libyaml's description.
    struct SyntaxError: Error, Sendable, Hashable {
        var line: Int?
        var reason: String
    }

    /// Parses one document; nil for an empty document.
    static func parse(_ text: String) -> Result<SurveyNode?, SyntaxError> {
        do {
            guard let root = try Yams.compose(yaml: text) else { return .success(nil) }
            return convert(root)
        } catch let error as YamlError {
            return .failure(syntaxError(error))
        } catch {
            return .failure(SyntaxError(line: nil, reason: "YAML syntax error"))
        }
    }

    private static func syntaxError(_ error: YamlError) -> SyntaxError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text) at line \($0.mark.line))" } ?? problem
            return SyntaxError(line: mark.line, reason: "YAML syntax error at line \(mark.line), column \(mark.column): \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return SyntaxError(line: context.mark.line, reason: "duplicate key \(keys) in the mapping at line \(context.mark.line)")
        case .reader(let problem, _, _, _):
            return SyntaxError(line: nil, reason: "cannot read the file as text: \(problem)")
        case .dataCouldNotBeDecoded:
            return SyntaxError(line: nil, reason: "the file is not UTF-8 text")
        default:
            return SyntaxError(line: nil, reason: "YAML syntax error")
        }
    }

    private static func convert(_ node: Node) -> Result<SurveyNode?, SyntaxError> {
        do throws(SyntaxError) {
            return .success(try node.surveyNode())
        } catch {
            return .failure(error)
        }
    }
}

extension Node {
    fileprivate var line: Int { mark?.line ?? 0 }

    fileprivate func surveyNode() throws(SurveyParser.SyntaxError) -> SurveyNode {
        switch self {
        case .scalar(let scalar):
            return SurveyNode(value: Self.scalarValue(scalar, node: self), line: line)
        case .mapping(let mapping):
            var entries: [SurveyNode.Entry] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw SurveyParser.SyntaxError(line: key.line, reason: "mapping keys must be plain strings (line \(key.line))")
                }
                entries.append(SurveyNode.Entry(key: keyScalar.string, value: try value.surveyNode()))
            }
            return SurveyNode(value: .mapping(entries), line: line)
        case .sequence(let sequence):
            var items: [SurveyNode] = []
            for item in sequence { items.append(try item.surveyNode()) }
            return SurveyNode(value: .sequence(items), line: line)
        case .alias:
            throw SurveyParser.SyntaxError(line: line, reason: "YAML aliases are not supported (line \(line))")
        }
    }

    private static func scalarValue(_ scalar: Node.Scalar, node: Node) -> SurveyNode.Value {
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return .null
        case .bool: return node.bool.map { .bool($0) } ?? .string(scalar.string)
        case .int: return node.int.map { .int($0) } ?? .string(scalar.string)
        case .float: return node.float.map { .double($0) } ?? .string(scalar.string)
        default: return .string(scalar.string)  // str, timestamp (kept as written), custom tags
        }
    }
}
