/// A tolerant reader of the HTML an article holds or Ink makes from Markdown (docs/articles.md, "Reading HTML"): tags,
/// attributes and text, in one pass over the text's scalars. Comments, doctypes and processing instructions are
/// dropped, and so is the content of `script` and `style`. Nothing is refused: a `<` that opens no tag is text, an
/// unknown entity stays as written, an unclosed tag or comment ends at the end of the text. Every control character
/// — C0 except tab and newline, DEL, C1 — is removed from text and attribute values, also when an entity (`&#27;`)
/// spells it, so nothing the article holds can reach the terminal as an escape sequence.
package struct HTMLTokenizer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The element whose raw content is being skipped (`script`, `style`), if any.
    private var skipping: String?

    /// A tokenizer over `html`.
    package init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    /// Every token of the text, in order.
    package static func tokens(_ html: String) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(html)
        var tokens: [HTMLToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    /// The next token; nil at the end.
    package mutating func next() -> HTMLToken? {
        while index < scalars.count {
            if let skipped = skipping {
                skipRaw(until: skipped)
                skipping = nil
                continue
            }
            if scalars[index] == "<" {
                if let token = markup() { return token }
                continue
            }
            let start = index
            index += 1
            while index < scalars.count, scalars[index] != "<" { index += 1 }
            let text = Self.decoded(scalars[start..<index])
            if !text.isEmpty { return .text(text) }
        }
        return nil
    }

    /// Reads markup at `<`: a tag (returned), or a comment, doctype or processing instruction (skipped: nil). A `<`
    /// that starts none of them is text.
    private mutating func markup() -> HTMLToken? {
        let next = index + 1 < scalars.count ? scalars[index + 1] : " "
        if next == "!" || next == "?" {
            if matches("<!--", at: index) {
                index = end(of: "-->", from: index + 4)
            } else {
                index = end(of: ">", from: index + 2)
            }
            return nil
        }
        let closing = next == "/"
        let nameStart = index + (closing ? 2 : 1)
        guard nameStart < scalars.count, scalars[nameStart].properties.isAlphabetic else {
            index += 1
            return .text("<")
        }
        var cursor = nameStart
        while cursor < scalars.count, Self.isNameScalar(scalars[cursor]) { cursor += 1 }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<cursor])).lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while cursor < scalars.count, scalars[cursor] != ">" {
            let scalar = scalars[cursor]
            if scalar == "/" {
                selfClosing = true
                cursor += 1
                continue
            }
            if scalar.properties.isWhitespace {
                cursor += 1
                continue
            }
            selfClosing = false
            let attributeStart = cursor
            while cursor < scalars.count, !scalars[cursor].properties.isWhitespace,
                !["=", ">", "/"].contains(scalars[cursor])
            {
                cursor += 1
            }
            if cursor == attributeStart {
                cursor += 1
                continue
            }
            let attribute = String(String.UnicodeScalarView(scalars[attributeStart..<cursor])).lowercased()
            while cursor < scalars.count, scalars[cursor].properties.isWhitespace { cursor += 1 }
            var value = ""
            if cursor < scalars.count, scalars[cursor] == "=" {
                cursor += 1
                while cursor < scalars.count, scalars[cursor].properties.isWhitespace { cursor += 1 }
                if cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" {
                    let quote = scalars[cursor]
                    let valueStart = cursor + 1
                    cursor = valueStart
                    while cursor < scalars.count, scalars[cursor] != quote { cursor += 1 }
                    value = Self.decoded(scalars[valueStart..<min(cursor, scalars.count)])
                    if cursor < scalars.count { cursor += 1 }
                } else {
                    let valueStart = cursor
                    while cursor < scalars.count, !scalars[cursor].properties.isWhitespace, scalars[cursor] != ">" {
                        cursor += 1
                    }
                    value = Self.decoded(scalars[valueStart..<cursor])
                }
            }
            if attributes[attribute] == nil { attributes[attribute] = value }
        }
        index = min(cursor + 1, scalars.count)
        if closing { return .close(name) }
        if !selfClosing, name == "script" || name == "style" { skipping = name }
        return .open(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// Skips to just after `</name …>` (or to the end).
    private mutating func skipRaw(until name: String) {
        let closing = Array("</\(name)".unicodeScalars)
        while index < scalars.count {
            if scalars[index] == "<", index + closing.count <= scalars.count,
                zip(scalars[index..<(index + closing.count)], closing).allSatisfy({
                    String($0.0).lowercased() == String($0.1)
                })
            {
                index = end(of: ">", from: index + closing.count)
                return
            }
            index += 1
        }
    }

    private func matches(_ text: String, at position: Int) -> Bool {
        let wanted = Array(text.unicodeScalars)
        guard position + wanted.count <= scalars.count else { return false }
        return Array(scalars[position..<(position + wanted.count)]) == wanted
    }

    /// The index just after the next `terminator` from `position`, or the end.
    private func end(of terminator: String, from position: Int) -> Int {
        var cursor = position
        while cursor < scalars.count {
            if matches(terminator, at: cursor) { return cursor + terminator.unicodeScalars.count }
            cursor += 1
        }
        return scalars.count
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":"
    }

    // MARK: - Text

    /// Whether a scalar is a control character an article may not send to the terminal: C0 but tab and newline, DEL,
    /// C1 (docs/articles.md, "Nothing reaches the terminal raw").
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x09 || value == 0x0A { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// `text` with entities decoded and control characters removed (a carriage return becomes a newline).
    static func decoded(_ text: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        var cursor = text.startIndex
        while cursor < text.endIndex {
            let scalar = text[cursor]
            if scalar == "&", let (decoded, next) = entity(in: text, at: cursor) {
                if let decoded, !isForbidden(decoded) { out.append(decoded) }
                cursor = next
                continue
            }
            if scalar == "\r" {
                out.append("\n")
            } else if !isForbidden(scalar) {
                out.append(scalar)
            }
            cursor += 1
        }
        return String(out)
    }

    /// The entity at `position` (`&name;`, `&#n;`, `&#xh;`): the scalar it names (nil for a number naming none) and
    /// the index after it; nil when no entity is read there.
    private static func entity(in text: ArraySlice<Unicode.Scalar>, at position: Int)
        -> (Unicode.Scalar?, Int)?
    {
        var cursor = position + 1
        var body = ""
        while cursor < text.endIndex, cursor - position <= 32, text[cursor] != ";" {
            let scalar = text[cursor]
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else { return nil }
            body.unicodeScalars.append(scalar)
            cursor += 1
        }
        guard cursor < text.endIndex, text[cursor] == ";", !body.isEmpty else { return nil }
        let next = cursor + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return nil }
            return (Unicode.Scalar(value), next)
        }
        guard let scalar = namedEntities[body] else { return nil }
        return (scalar, next)
    }

    /// The named entities read: HTML's escapes and the common typographic ones.
    private static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®",
        "trade": "™", "middot": "·", "bull": "•", "deg": "°", "times": "×", "shy": "\u{AD}", "laquo": "«",
        "raquo": "»", "eacute": "é", "euro": "€",
    ]
}
