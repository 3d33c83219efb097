import Yams

/// What a scalar of a survey file means — null, boolean, number or string — by Yams' default rules (YAML 1.1 words
/// such as `yes` and `off` are booleans; quote them to keep them text, surveys/README.md). One reader per file: Yams
/// builds its constructor's tables anew each time `Constructor.default` is read.
struct SurveyScalar {
    /// The tag libyaml's quoted scalars carry: always a string.
    static let stringTag = Tag.Name.str.rawValue

    private let constructor = Constructor.default

    /// The value of scalar `text` with `tag` (nil when untagged); `plain` when written unquoted.
    func value(_ text: String, tag: String?, plain: Bool) -> SurveyNode.Value {
        if tag == Self.stringTag || tag == nil && plain && Self.isPlainWord(text) { return .string(text) }
        let node = Node.scalar(Node.Scalar(text, Tag(Tag.Name(rawValue: tag ?? ""), .default, constructor), plain ? .plain : .any))
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return .null
        case .bool: return node.bool.map { .bool($0) } ?? .string(text)
        case .int: return node.int.map { .int($0) } ?? .string(text)
        case .float: return node.float.map { .double($0) } ?? .string(text)
        default: return .string(text)  // str, timestamp (kept as written), custom tags
        }
    }

    /// Words Yams' default resolver reads as booleans or null; the only plain scalars starting with a letter it does
    /// not read as strings.
    private static let resolvedWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]

    /// A plain scalar that starts with a letter and is none of `resolvedWords`: a string, known without Yams'
    /// resolver, which tries up to seven regular expressions per scalar (too slow for a file of the largest size
    /// allowed, docs/survey-file-limits.md). Its other rules (numbers, timestamps, `~`, `<<`, `=`) need a first
    /// character that is not a letter.
    private static func isPlainWord(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) && !resolvedWords.contains(text)
    }
}
