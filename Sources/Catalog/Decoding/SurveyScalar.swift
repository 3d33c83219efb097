import Yams

/// What a scalar of a survey file means — null, boolean, number or string — by Yams' default rules (YAML 1.1 words
/// such as `yes` and `off` are booleans; quote them to keep them text, surveys/README.md). One reader per file: Yams
/// builds its constructor's tables anew each time `Constructor.default` is read, so they are built only when a file
/// has a scalar that needs them.
final class SurveyScalar {
    /// The tag libyaml's quoted scalars carry: always a string.
    static let stringTag = Tag.Name.str.rawValue

    private lazy var constructor = Constructor.default

    /// The value of scalar `text` with `tag` (nil when untagged); `plain` when written unquoted.
    func value(_ text: String, tag: String?, plain: Bool) -> SurveyNode.Value {
        if tag == nil && plain, let value = Self.commonPlainValue(text) { return value }
        return yamsValue(text, tag: tag, plain: plain)
    }

    /// The value by Yams' own resolver and constructor, which try up to seven regular expressions per scalar
    /// (ICU's, compiled on first use: a few hundred microseconds and a megabyte of the executable and ICU's data
    /// paged in: docs/performance.md, "`regimen today` (the care feed)").
    func yamsValue(_ text: String, tag: String?, plain: Bool) -> SurveyNode.Value {
        if tag == Self.stringTag { return .string(text) }
        let node = Node.scalar(
            Node.Scalar(text, Tag(Tag.Name(rawValue: tag ?? ""), .default, constructor), plain ? .plain : .any))
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return .null
        case .bool: return node.bool.map { .bool($0) } ?? .string(text)
        case .int: return node.int.map { .int($0) } ?? .string(text)
        case .float: return node.float.map { .double($0) } ?? .string(text)
        default: return .string(text)  // str, timestamp (kept as written), custom tags
        }
    }

    /// The value of an untagged plain scalar whose reading by Yams' rules is certain without them: a word that starts
    /// with a letter (a string, unless it is one of `resolvedWords`), `~` or nothing (null), a decimal integer without
    /// leading zeros (YAML 1.1 reads `017` as octal) or a decimal with digits on both sides of the point. Nil for the
    /// rest (`0x1F`, `1_000`, `1e3`, `-0`, `.inf`, dates, times…), which Yams reads. The shipped surveys hold only
    /// these, so reading them never builds Yams' regular expressions.
    static func commonPlainValue(_ text: String) -> SurveyNode.Value? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return .null }
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) {
            if let word = resolvedWords[text] { return word }
            return .string(text)
        }
        if text == "~" { return .null }
        // -?(0|[1-9][0-9]*)(\.[0-9]+)?
        var bytes = utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard let lead = integerDigits.first, lead != UInt8(ascii: "0") || integerDigits.count == 1 else { return nil }
        let rest = bytes[integerDigits.endIndex...]
        if rest.isEmpty {
            // Yams reads "-0" as a string (an octal number with no digits); one that overflows, too.
            guard text != "-0", let number = Int(text) else { return nil }
            return .int(number)
        }
        guard rest.first == UInt8(ascii: "."), rest.count > 1,
            rest.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let number = Double(text)
        else { return nil }
        return .double(number)
    }

    /// Words Yams' default resolver reads as booleans or null; the only plain scalars starting with a letter it does
    /// not read as strings.
    private static let resolvedWords: [String: SurveyNode.Value] = [
        "yes": .bool(true), "Yes": .bool(true), "YES": .bool(true), "no": .bool(false), "No": .bool(false),
        "NO": .bool(false), "true": .bool(true), "True": .bool(true), "TRUE": .bool(true), "false": .bool(false),
        "False": .bool(false), "FALSE": .bool(false), "on": .bool(true), "On": .bool(true), "ON": .bool(true),
        "off": .bool(false), "Off": .bool(false), "OFF": .bool(false), "null": .null, "Null": .null, "NULL": .null,
    ]
}
