#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A streaming XML tokenizer over UTF-8 bytes (docs/health-export.md, "Reading an export"): fed chunks split
/// anywhere, it hands start tags, end tags and comments to a handler in document order, skipping text unless asked.
/// Not validating: a DOCTYPE's internal subset is skipped (only its comments are delivered). Bytes of a token that
/// a chunk cuts are kept until the next chunk completes it, so memory is one chunk plus one token.
package struct XMLTokenizer {
    /// The deepest nesting accepted by default.
    package static let defaultMaximumDepth = 256
    /// How much of a new chunk is joined to the token the last chunk cut, to finish it (longer tokens take the whole
    /// chunk).
    private static let joinLength = 4096

    /// Up to this many attributes, a new attribute's name is compared with each earlier one.
    private static let linearDuplicateCheck = 16

    /// An attribute name as a set element, for tags with many attributes.
    private struct XMLAttributeName: Hashable {
        var bytes: [UInt8]
    }

    /// The longest single tag, comment or DOCTYPE accepted by default (16 MiB).
    package static let defaultMaximumMarkupLength = 16 << 20

    /// An element still open: where its name lies in `openNames`, and its start tag's line.
    private struct OpenElement {
        var nameStart: Int
        var nameLength: Int
        var line: Int
    }

    /// Bytes of an unfinished token, from the previous chunk.
    private var pending: [UInt8] = []
    /// The line at `countedTo` in the buffer being read.
    private var line = 1
    /// How far in the buffer being read lines have been counted.
    private var countedTo = 0
    /// The names of the open elements, end to end.
    private var openNames: [UInt8] = []
    /// The open elements, outermost first.
    private var openElements: [OpenElement] = []
    /// The current start tag's attributes (reused, so a tag allocates nothing).
    private var spans: [XMLAttributeSpan] = []
    /// Whether the root element has been seen, and whether it has closed.
    private var rootSeen = false
    private var rootClosed = false
    /// Whether the byte-order mark has been looked for.
    private var started = false
    /// What kind of markup an incomplete token is, for the error at the end of input.
    private var incompleteInside = "markup"
    /// Whether text is delivered.
    private let deliversText: Bool
    /// Limits against hostile input.
    private let maximumDepth: Int
    private let maximumMarkupLength: Int

    /// A tokenizer; `deliversText` hands text runs to the handler (GPX values are text).
    package init(
        deliversText: Bool = false, maximumDepth: Int = defaultMaximumDepth,
        maximumMarkupLength: Int = defaultMaximumMarkupLength
    ) {
        self.deliversText = deliversText
        self.maximumDepth = maximumDepth
        self.maximumMarkupLength = maximumMarkupLength
    }

    /// The 1-based line the tokenizer has reached (the start of the last token delivered).
    package var currentLine: Int { line }

    /// The elements still open, outermost first: names and start lines.
    package var openElementNames: [(name: String, line: Int)] {
        openElements.map { element in
            (
                String(decoding: openNames[element.nameStart..<element.nameStart + element.nameLength], as: UTF8.self),
                element.line
            )
        }
    }

    /// Reads the next chunk, delivering every token it completes.
    package mutating func feed<Handler: XMLTokenHandler>(
        _ chunk: UnsafeRawBufferPointer, to handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) {
        guard chunk.count > 0 else { return }
        let bytes = chunk.bindMemory(to: UInt8.self)
        var offset = 0
        if !pending.isEmpty {
            // Only the token cut by the last chunk is joined: its bytes and the start of this chunk are read together,
            // and once that token is finished the rest is read in place, so a chunk is not copied as a whole.
            let kept = pending.count
            let joined = min(bytes.count, Self.joinLength)
            pending.append(contentsOf: bytes[0..<joined])
            let consumed = try readPending(atEnd: false, handler: &handler)
            if consumed < kept {
                // Still inside that token (a long one): the rest of the chunk joins it.
                if joined < bytes.count {
                    pending.append(contentsOf: bytes[joined...])
                    _ = try readPending(atEnd: false, handler: &handler)
                }
                return
            }
            if joined == bytes.count { return }
            offset = consumed - kept
            pending.removeAll(keepingCapacity: true)
        }
        let consumed = try read(
            bytes.baseAddress! + offset, count: bytes.count - offset, atEnd: false, handler: &handler)
        if offset + consumed < bytes.count { pending.append(contentsOf: bytes[(offset + consumed)...]) }
    }

    /// Reads `bytes` as the next chunk.
    package mutating func feed<Handler: XMLTokenHandler>(
        _ bytes: [UInt8], to handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) {
        pending.append(contentsOf: bytes)
        try readPending(atEnd: false, handler: &handler)
    }

    /// Ends the input: an unfinished token, an element still open or no root element at all is an error.
    package mutating func finish<Handler: XMLTokenHandler>(handler: inout Handler) throws(XMLTokenizerFailure<
        Handler.Failure
    >) {
        if !pending.isEmpty { try readPending(atEnd: true, handler: &handler) }
        if let open = openElements.last {
            let name = String(decoding: openNames[open.nameStart..<open.nameStart + open.nameLength], as: UTF8.self)
            throw .syntax(
                XMLSyntaxError(problem: .unexpectedEnd(inside: nil, element: name, openedAtLine: open.line), line: line)
            )
        }
        if !rootSeen { throw .syntax(XMLSyntaxError(problem: .noRootElement, line: line)) }
    }

    /// Reads the kept bytes; what is left of them (an unfinished token) stays kept. Returns how many were used.
    @discardableResult
    private mutating func readPending<Handler: XMLTokenHandler>(
        atEnd: Bool, handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) -> Int {
        var buffer = pending
        pending = []
        let count = buffer.count
        var outcome: Result<Int, XMLTokenizerFailure<Handler.Failure>> = .success(count)
        buffer.withUnsafeBufferPointer { bytes in
            do throws(XMLTokenizerFailure<Handler.Failure>) {
                outcome = .success(try read(bytes.baseAddress!, count: count, atEnd: atEnd, handler: &handler))
            } catch {
                outcome = .failure(error)
            }
        }
        let consumed = try outcome.get()
        buffer.removeSubrange(0..<consumed)
        pending = buffer
        return consumed
    }

    // MARK: The reading loop

    /// Reads tokens from `base[0..<count]`; returns how many bytes were used (the rest start an unfinished token).
    private mutating func read<Handler: XMLTokenHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, atEnd: Bool, handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) -> Int {
        countedTo = 0
        var index = 0
        if !started {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if count < 3 && !atEnd && (0..<count).allSatisfy({ base[$0] == bom[$0] }) { return 0 }
            started = true
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { index = 3 }
        }
        while index < count {
            if base[index] != UInt8(ascii: "<") {
                let end =
                    memchr(base + index, Int32(UInt8(ascii: "<")), count - index)
                    .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                if openElements.isEmpty {
                    for position in index..<end where XMLByteClass.table[Int(base[position])] & XMLByteClass.space == 0
                    {
                        throw .syntax(XMLSyntaxError(problem: .textOutsideRoot, line: lineAt(position, base)))
                    }
                } else if deliversText {
                    do throws(Handler.Failure) {
                        try handler.text(XMLBytes(UnsafeBufferPointer(start: base + index, count: end - index)))
                    } catch {
                        throw .handler(error)
                    }
                }
                index = end
                continue
            }
            let start = index
            advanceLine(to: start, base)
            let after: Int
            if start + 1 >= count {
                incompleteInside = "markup"
                after = -1
            } else {
                switch base[start + 1] {
                case UInt8(ascii: "/"): after = try endTag(base, count: count, start: start, handler: &handler)
                case UInt8(ascii: "?"):
                    incompleteInside = "a processing instruction"
                    after = Self.find("?>", in: base, from: start + 2, to: count).map { $0 + 2 } ?? -1
                case UInt8(ascii: "!"): after = try declaration(base, count: count, start: start, handler: &handler)
                default: after = try startTag(base, count: count, start: start, handler: &handler)
                }
            }
            if after < 0 {
                if atEnd {
                    let open = openElements.last
                    let name = open.map {
                        String(decoding: openNames[$0.nameStart..<$0.nameStart + $0.nameLength], as: UTF8.self)
                    }
                    throw .syntax(
                        XMLSyntaxError(
                            problem: .unexpectedEnd(inside: incompleteInside, element: name, openedAtLine: open?.line),
                            line: line))
                }
                if count - start > maximumMarkupLength {
                    throw .syntax(XMLSyntaxError(problem: .markupTooLong(limit: maximumMarkupLength), line: line))
                }
                return start
            }
            index = after
        }
        advanceLine(to: count, base)
        return count
    }

    // MARK: Tags

    /// A start tag at `start`; returns the offset after it, or -1 when the buffer ends first.
    private mutating func startTag<Handler: XMLTokenHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, start: Int, handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) -> Int {
        let table = XMLByteClass.table
        incompleteInside = "a start tag"
        var index = start + 1
        let nameStart = index
        while index < count && table[Int(base[index])] & XMLByteClass.name != 0 { index += 1 }
        if index == count { return -1 }
        if index == nameStart { throw syntax(.unexpectedCharacter(expected: "a name after <"), at: index, base) }
        let nameEnd = index
        let name = UnsafeBufferPointer(start: base + nameStart, count: nameEnd - nameStart)
        if !XMLUTF8.isValid(name) { throw syntax(.invalidUTF8, at: nameStart, base) }
        spans.removeAll(keepingCapacity: true)
        let selfClosing: Bool
        while true {
            let spaceStart = index
            while index < count && table[Int(base[index])] & XMLByteClass.space != 0 { index += 1 }
            if index == count { return -1 }
            let byte = base[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                selfClosing = false
                break
            }
            if byte == UInt8(ascii: "/") {
                if index + 1 == count { return -1 }
                guard base[index + 1] == UInt8(ascii: ">") else {
                    throw syntax(.unexpectedCharacter(expected: ">"), at: index + 1, base)
                }
                index += 2
                selfClosing = true
                break
            }
            guard index > spaceStart else {
                throw syntax(.unexpectedCharacter(expected: "a space, > or />"), at: index, base)
            }
            let attributeStart = index
            while index < count && table[Int(base[index])] & XMLByteClass.name != 0 { index += 1 }
            if index == count { return -1 }
            guard index > attributeStart else {
                throw syntax(.unexpectedCharacter(expected: "an attribute name"), at: index, base)
            }
            let attributeEnd = index
            while index < count && table[Int(base[index])] & XMLByteClass.space != 0 { index += 1 }
            if index == count { return -1 }
            guard base[index] == UInt8(ascii: "=") else {
                throw syntax(.unexpectedCharacter(expected: "="), at: index, base)
            }
            index += 1
            while index < count && table[Int(base[index])] & XMLByteClass.space != 0 { index += 1 }
            if index == count { return -1 }
            let quote = base[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw syntax(.unexpectedCharacter(expected: "a quoted value"), at: index, base)
            }
            index += 1
            let valueStart = index
            var needsDecoding = false
            incompleteInside = "an attribute value"
            while true {
                while index < count && table[Int(base[index])] & XMLByteClass.valueSpecial == 0 { index += 1 }
                if index == count { return -1 }
                let special = base[index]
                if special == quote { break }
                switch special {
                case UInt8(ascii: "&"):
                    switch XMLReference.scan(base, at: index, end: count) {
                    case .reference(let length, _):
                        needsDecoding = true
                        index += length
                    case .incomplete: return -1
                    case .invalid(let problem): throw syntax(problem, at: index, base)
                    }
                case UInt8(ascii: "<"):
                    throw syntax(.unexpectedCharacter(expected: "no < in an attribute value"), at: index, base)
                case UInt8(ascii: "\""), UInt8(ascii: "'"): index += 1
                default:
                    needsDecoding = true
                    index += 1
                }
            }
            let valueEnd = index
            index += 1
            incompleteInside = "a start tag"
            let value = UnsafeBufferPointer(start: base + valueStart, count: valueEnd - valueStart)
            if !XMLUTF8.isASCII(value) && !XMLUTF8.isValid(value) { throw syntax(.invalidUTF8, at: valueStart, base) }
            let attributeLength = attributeEnd - attributeStart
            // Names are compared one by one in ordinary tags; a tag with very many attributes is checked by hashing
            // once it is read, so that hostile input cannot make the check quadratic.
            if spans.count < Self.linearDuplicateCheck {
                for span in spans
                where span.nameEnd - span.nameStart == attributeLength
                    && memcmp(base + span.nameStart, base + attributeStart, attributeLength) == 0
                {
                    throw syntax(
                        .duplicateAttribute(
                            String(
                                decoding: UnsafeBufferPointer(start: base + attributeStart, count: attributeLength),
                                as: UTF8.self)), at: attributeStart, base)
                }
            }
            spans.append(
                XMLAttributeSpan(
                    nameStart: attributeStart, nameEnd: attributeEnd, valueStart: valueStart, valueEnd: valueEnd,
                    needsDecoding: needsDecoding))
        }
        if spans.count > Self.linearDuplicateCheck {
            var seen = Set<XMLAttributeName>()
            for span in spans {
                let attributeName = XMLAttributeName(
                    bytes: Array(
                        UnsafeBufferPointer(start: base + span.nameStart, count: span.nameEnd - span.nameStart)))
                guard seen.insert(attributeName).inserted else {
                    throw syntax(
                        .duplicateAttribute(String(decoding: attributeName.bytes, as: UTF8.self)), at: span.nameStart,
                        base)
                }
            }
        }
        if openElements.isEmpty {
            if rootClosed { throw syntax(.secondRootElement(String(decoding: name, as: UTF8.self)), at: start, base) }
            rootSeen = true
        }
        if openElements.count >= maximumDepth { throw syntax(.nestingTooDeep(limit: maximumDepth), at: start, base) }
        let tagLine = line
        do throws(Handler.Failure) {
            var failure: Handler.Failure?
            spans.withUnsafeBufferPointer { attributes in
                do throws(Handler.Failure) {
                    try handler.startElement(
                        XMLStartTag(base: base, name: XMLBytes(name), spans: attributes, line: tagLine))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if selfClosing { try handler.endElement(XMLBytes(name), openedAtLine: tagLine) }
        } catch {
            throw .handler(error)
        }
        if selfClosing {
            if openElements.isEmpty { rootClosed = true }
        } else {
            openElements.append(OpenElement(nameStart: openNames.count, nameLength: name.count, line: tagLine))
            openNames.append(contentsOf: name)
        }
        return index
    }

    /// An end tag at `start`; returns the offset after it, or -1 when the buffer ends first.
    private mutating func endTag<Handler: XMLTokenHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, start: Int, handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) -> Int {
        let table = XMLByteClass.table
        incompleteInside = "an end tag"
        var index = start + 2
        let nameStart = index
        while index < count && table[Int(base[index])] & XMLByteClass.name != 0 { index += 1 }
        if index == count { return -1 }
        guard index > nameStart else {
            throw syntax(.unexpectedCharacter(expected: "a name after </"), at: index, base)
        }
        let name = UnsafeBufferPointer(start: base + nameStart, count: index - nameStart)
        while index < count && table[Int(base[index])] & XMLByteClass.space != 0 { index += 1 }
        if index == count { return -1 }
        guard base[index] == UInt8(ascii: ">") else {
            throw syntax(.unexpectedCharacter(expected: ">"), at: index, base)
        }
        guard let open = openElements.last else {
            throw syntax(.unexpectedEndTag(String(decoding: name, as: UTF8.self)), at: start, base)
        }
        let matches =
            open.nameLength == name.count
            && openNames.withUnsafeBufferPointer {
                memcmp($0.baseAddress! + open.nameStart, name.baseAddress!, name.count) == 0
            }
        guard matches else {
            let expected = String(decoding: openNames[open.nameStart..<open.nameStart + open.nameLength], as: UTF8.self)
            throw syntax(
                .mismatchedEndTag(
                    expected: expected, found: String(decoding: name, as: UTF8.self), openedAtLine: open.line),
                at: start, base)
        }
        do throws(Handler.Failure) { try handler.endElement(XMLBytes(name), openedAtLine: open.line) } catch {
            throw .handler(error)
        }
        openElements.removeLast()
        openNames.removeLast(open.nameLength)
        if openElements.isEmpty { rootClosed = true }
        return index + 1
    }

    // MARK: Comments, CDATA, DOCTYPE

    /// `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE …>` at `start`; returns the offset after it, or -1.
    private mutating func declaration<Handler: XMLTokenHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, start: Int, handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) -> Int {
        let rest = XMLBytes(UnsafeBufferPointer(start: base + start, count: count - start))
        incompleteInside = "a comment or declaration"
        if rest.hasPrefix("<!--") {
            incompleteInside = "a comment"
            guard let end = Self.find("-->", in: base, from: start + 4, to: count) else { return -1 }
            do throws(Handler.Failure) {
                try handler.comment(
                    XMLBytes(UnsafeBufferPointer(start: base + start + 4, count: end - start - 4)), line: line)
            } catch {
                throw .handler(error)
            }
            return end + 3
        }
        if rest.hasPrefix("<![CDATA[") {
            incompleteInside = "a CDATA section"
            guard let end = Self.find("]]>", in: base, from: start + 9, to: count) else { return -1 }
            if openElements.isEmpty { throw syntax(.textOutsideRoot, at: start, base) }
            if deliversText {
                do throws(Handler.Failure) {
                    try handler.text(XMLBytes(UnsafeBufferPointer(start: base + start + 9, count: end - start - 9)))
                } catch {
                    throw .handler(error)
                }
            }
            return end + 3
        }
        if rest.hasPrefix("<!DOCTYPE") {
            incompleteInside = "the DOCTYPE"
            if rootSeen {
                throw syntax(.unexpectedCharacter(expected: "no DOCTYPE after the root element"), at: start, base)
            }
            // Found whole before any comment is delivered, so that a DOCTYPE cut by a chunk is not delivered twice.
            guard try doctype(base, count: count, start: start, deliver: false, handler: &handler) >= 0 else {
                return -1
            }
            return try doctype(base, count: count, start: start, deliver: true, handler: &handler)
        }
        let prefixes: [StaticString] = ["<!--", "<![CDATA[", "<!DOCTYPE"]
        if prefixes.contains(where: { prefix in
            rest.count < prefix.utf8CodeUnitCount && memcmp(base + start, prefix.utf8Start, rest.count) == 0
        }) {
            return -1
        }
        throw syntax(.unexpectedCharacter(expected: "<!--, <![CDATA[ or <!DOCTYPE"), at: start, base)
    }

    /// The DOCTYPE, its internal subset skipped without validation: quoted strings (a line break ends one left open),
    /// comments (delivered) and brackets are tracked, declarations are not checked, so an unclosed `<!ATTLIST` is
    /// harmless (docs/health-export.md, "The export").
    private mutating func doctype<Handler: XMLTokenHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, start: Int, deliver: Bool, handler: inout Handler
    ) throws(XMLTokenizerFailure<Handler.Failure>) -> Int {
        var index = start + 9
        var brackets = 0
        while index < count {
            switch base[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = base[index]
                index += 1
                while index < count && base[index] != quote && !(brackets > 0 && base[index] == 0x0A) { index += 1 }
                if index == count { return -1 }
                index += 1
            case UInt8(ascii: "<") where brackets > 0:
                let rest = XMLBytes(UnsafeBufferPointer(start: base + index, count: count - index))
                if rest.count < 4 { return -1 }
                if rest.hasPrefix("<!--") {
                    guard let end = Self.find("-->", in: base, from: index + 4, to: count) else { return -1 }
                    let commentLine = lineAt(index, base)
                    if deliver {
                        do throws(Handler.Failure) {
                            try handler.comment(
                                XMLBytes(UnsafeBufferPointer(start: base + index + 4, count: end - index - 4)),
                                line: commentLine)
                        } catch {
                            throw .handler(error)
                        }
                    }
                    index = end + 3
                } else {
                    index += 1
                }
            case UInt8(ascii: "["):
                brackets += 1
                index += 1
            case UInt8(ascii: "]"):
                brackets = max(brackets - 1, 0)
                index += 1
            case UInt8(ascii: ">") where brackets == 0:
                return index + 1
            default:
                index += 1
            }
        }
        return -1
    }

    // MARK: Helpers

    /// The first offset of `pattern` in `base[from..<to]`.
    private static func find(_ pattern: StaticString, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let length = pattern.utf8CodeUnitCount
        let first = Int32(pattern.utf8Start[0])
        var index = from
        while index + length <= to {
            guard let hit = memchr(base + index, first, to - index - length + 1) else { return nil }
            let offset = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + offset, pattern.utf8Start, length) == 0 { return offset }
            index = offset + 1
        }
        return nil
    }

    /// Counts the line feeds up to `position` into `line`.
    private mutating func advanceLine(to position: Int, _ base: UnsafePointer<UInt8>) {
        line += Self.lineFeeds(base, from: countedTo, to: position)
        countedTo = position
    }

    /// The line of `position` (at or after the counted part).
    private func lineAt(_ position: Int, _ base: UnsafePointer<UInt8>) -> Int {
        line + Self.lineFeeds(base, from: countedTo, to: max(position, countedTo))
    }

    private static func lineFeeds(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var feeds = 0
        var index = from
        while index < to, let hit = memchr(base + index, 0x0A, to - index) {
            feeds += 1
            index = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        return feeds
    }

    private func syntax<Failure: Error>(
        _ problem: XMLSyntaxError.Problem, at position: Int, _ base: UnsafePointer<UInt8>
    ) -> XMLTokenizerFailure<Failure> {
        .syntax(XMLSyntaxError(problem: problem, line: lineAt(position, base)))
    }
}
