/// Where one attribute's name and value lie in the tokenizer's buffer.
package struct XMLAttributeSpan: Sendable {
    /// Offset of the name's first byte.
    var nameStart: Int
    /// Offset after the name.
    var nameEnd: Int
    /// Offset of the value's first byte (after the quote).
    var valueStart: Int
    /// Offset of the closing quote.
    var valueEnd: Int
    /// Whether the value holds a reference or a tab/line break, so that its text differs from its bytes.
    var needsDecoding: Bool
}

/// A start tag as the tokenizer hands it over: its name and attributes as borrowed bytes, valid only during the
/// `startElement` call. Values become Strings only when asked for, entities decoded (docs/health-export.md,
/// "Reading an export").
package struct XMLStartTag {
    /// The buffer the spans point into.
    let base: UnsafePointer<UInt8>
    /// The name's bytes.
    package let name: XMLBytes
    /// The attributes, in document order.
    let spans: UnsafeBufferPointer<XMLAttributeSpan>
    /// The 1-based line of the `<`.
    package let line: Int

    /// The number of attributes.
    package var attributeCount: Int { spans.count }

    /// The name of attribute `index`.
    package func attributeName(_ index: Int) -> XMLBytes {
        let span = spans[index]
        return XMLBytes(UnsafeBufferPointer(start: base + span.nameStart, count: span.nameEnd - span.nameStart))
    }

    /// The value of attribute `index` as written (references not decoded).
    package func rawValue(_ index: Int) -> XMLBytes {
        let span = spans[index]
        return XMLBytes(UnsafeBufferPointer(start: base + span.valueStart, count: span.valueEnd - span.valueStart))
    }

    /// Whether attribute `index`'s text differs from its bytes (a reference or a line break in it).
    package func valueNeedsDecoding(_ index: Int) -> Bool { spans[index].needsDecoding }

    /// The value of attribute `index`, references decoded; an error when it is not UTF-8.
    package func value(_ index: Int) throws(XMLSyntaxError) -> String {
        let raw = rawValue(index)
        if !spans[index].needsDecoding {
            guard let text = raw.validatedString else { throw XMLSyntaxError(problem: .invalidUTF8, line: line) }
            return text
        }
        return XMLReference.decodeAttributeValue(raw.buffer)
    }

    /// The index of the attribute named `name`, if present.
    package func index(of name: StaticString) -> Int? {
        for index in 0..<spans.count where attributeName(index).equals(name) { return index }
        return nil
    }
}
