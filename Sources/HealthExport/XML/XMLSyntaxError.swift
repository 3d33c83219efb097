/// Why bytes are not a well-formed XML document, and where (docs/health-export.md, "Reading errors"): the 1-based line
/// of the problem, and for a document that ends too soon the element still open and the line it was opened on.
package struct XMLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Hashable {
        /// A character that cannot come here (what was expected is named).
        case unexpectedCharacter(expected: String)
        /// `&name;` with a name other than the five predefined entities.
        case unknownEntity(String)
        /// `&#…;` or `&#x…;` that is malformed or names no XML character, or an `&` with no `;`.
        case invalidReference(String)
        /// `</found>` where `</expected>` (opened at `openedAtLine`) was due.
        case mismatchedEndTag(expected: String, found: String, openedAtLine: Int)
        /// An end tag with no element open.
        case unexpectedEndTag(String)
        /// The same attribute twice in one tag.
        case duplicateAttribute(String)
        /// The input ends inside markup (`inside`: "a start tag", "an attribute value", "a comment", …) or inside an
        /// element still open (`element`, opened at `openedAtLine`).
        case unexpectedEnd(inside: String?, element: String?, openedAtLine: Int?)
        /// No root element at all.
        case noRootElement
        /// A second element after the root element closed.
        case secondRootElement(String)
        /// Non-space text before or after the root element.
        case textOutsideRoot
        /// A name or value that is not UTF-8.
        case invalidUTF8
        /// Elements nested deeper than `limit`.
        case nestingTooDeep(limit: Int)
        /// One tag, comment or declaration longer than `limit` bytes.
        case markupTooLong(limit: Int)
    }

    /// What is wrong.
    package var problem: Problem
    /// 1-based line of the problem.
    package var line: Int

    /// Creates a syntax error.
    package init(problem: Problem, line: Int) {
        self.problem = problem
        self.line = line
    }

    /// E.g. "line 12: the document ends inside <Workout> opened at line 3".
    package var description: String { "line \(line): \(reason)" }

    /// The problem alone, e.g. "unknown entity &nbsp;".
    package var reason: String {
        switch problem {
        case .unexpectedCharacter(let expected): return "unexpected character (expected \(expected))"
        case .unknownEntity(let name): return "unknown entity &\(name);"
        case .invalidReference(let text): return "invalid character reference \(text)"
        case .mismatchedEndTag(let expected, let found, let openedAt):
            return "</\(found)> closes <\(expected)> opened at line \(openedAt)"
        case .unexpectedEndTag(let name): return "</\(name)> with no element open"
        case .duplicateAttribute(let name): return "attribute \(name) written twice"
        case .unexpectedEnd(let inside, let element, let openedAt):
            var text = "the document ends"
            if let inside { text += " inside \(inside)" }
            if let element, let openedAt {
                text += "\(inside == nil ? "" : ",") inside <\(element)> opened at line \(openedAt)"
            }
            return text
        case .noRootElement: return "no root element"
        case .secondRootElement(let name): return "a second root element <\(name)>"
        case .textOutsideRoot: return "text outside the root element"
        case .invalidUTF8: return "text is not valid UTF-8"
        case .nestingTooDeep(let limit): return "elements nested deeper than \(limit) levels"
        case .markupTooLong(let limit): return "markup longer than \(limit) bytes"
        }
    }
}
