/// What an `XMLTokenizer` delivers, token by token, in document order (docs/health-export.md, "Reading an export").
/// The views it is handed point into the tokenizer's buffer and are valid only during the call.
package protocol XMLTokenHandler {
    /// The error a handler throws to stop the reading.
    associatedtype Failure: Error

    /// A start tag, with its attributes (a self-closing tag is followed by its `endElement` at once).
    mutating func startElement(_ tag: XMLStartTag) throws(Failure)
    /// An end tag (or the end of a self-closing tag): `name` and the line of its start tag.
    mutating func endElement(_ name: XMLBytes, openedAtLine: Int) throws(Failure)
    /// A comment's text between `<!--` and `-->` (also those inside the DOCTYPE's internal subset).
    mutating func comment(_ text: XMLBytes, line: Int) throws(Failure)
    /// A run of character data as written (entities not decoded; a run may come in several pieces), only when the
    /// tokenizer was made with `deliversText`.
    mutating func text(_ text: XMLBytes) throws(Failure)
}

extension XMLTokenHandler {
    /// Comments are ignored unless the handler wants them.
    package mutating func comment(_ text: XMLBytes, line: Int) throws(Failure) {}
    /// Text is ignored unless the handler wants it.
    package mutating func text(_ text: XMLBytes) throws(Failure) {}
}

/// Why tokenizing stopped: the document is malformed, or the handler threw.
package enum XMLTokenizerFailure<HandlerFailure: Error>: Error {
    /// The document is not well-formed XML.
    case syntax(XMLSyntaxError)
    /// The handler's own error, unchanged.
    case handler(HandlerFailure)
}
