import SystemPackage

/// A strict RFC 8259 pull reader: `next()` steps through one document token by token, checking the grammar as it
/// goes, with nesting bounded by `maximumDepth`. It reads a caller's buffer or a `JSONByteSource` in chunks (so a
/// file need not be held whole), never traps on malformed input, and reports errors with line and column.
package struct JSONReader: ~Copyable {
    /// Deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 256

    /// What the grammar allows next.
    enum State: UInt8 {
        case root, firstInArray, firstInObject, afterValue, afterKey, afterRoot, finished
    }

    @usableFromInline var input: JSONInput
    var state = State.root
    /// For each open container, whether it is an object.
    private var containers = JSONContainerStack()
    /// Whether the innermost open container is an object (kept apart from `containers` for speed).
    var inObject = false
    /// The last key or string token: its bytes are `input.base[stringStart..<stringEnd]` or, when it had
    /// escapes, `decoded`.
    @usableFromInline var stringStart = 0
    @usableFromInline var stringEnd = 0
    @usableFromInline var stringWasEscaped = false
    @usableFromInline var decoded: [UInt8] = []
    /// The last number token, as scanned (converted only when asked).
    @usableFromInline var scannedNumber = JSONScannedNumber()

    /// Reads `bytes`, which must stay valid while the reader is used (e.g. inside `withUnsafeBufferPointer`).
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        input = JSONInput(bytes: bytes)
        skipByteOrderMark()
    }

    /// Reads from `source` in chunks; memory stays bounded by the chunk and the longest token.
    package init(source: JSONByteSource, chunkSize: Int = 1 << 18) {
        self.init(source: source, chunkSize: chunkSize, closing: nil)
    }

    /// Reads from `source`, closing `descriptor` (when given) with the reader.
    init(source: JSONByteSource, chunkSize: Int, closing descriptor: FileDescriptor?) {
        input = JSONInput(source: source, chunkSize: chunkSize, closing: descriptor)
        skipByteOrderMark()
    }

    /// Reads from `source`, which starts at the first value inside an array nested in `enclosing` (outermost first,
    /// true for an object): a part of a larger document, such as the second half of a long array. Locations in errors
    /// count from the part's start.
    init(source: JSONByteSource, insideArrayOf enclosing: [Bool], chunkSize: Int, closing descriptor: FileDescriptor?) {
        input = JSONInput(source: source, chunkSize: chunkSize, closing: descriptor)
        for isObject in enclosing { containers.push(isObject: isObject) }
        containers.push(isObject: false)
        state = .firstInArray
    }

    /// How deep the reader is: the number of open arrays and objects.
    package var depth: Int { containers.count }

    /// How many bytes of the input the reader has consumed (from the start of its source or buffer).
    package var byteOffset: Int { input.released + input.position }

    private mutating func skipByteOrderMark() {
        if input.peek() == 0xEF, input.peek(offset: 1) == 0xBB, input.peek(offset: 2) == 0xBF {
            input.position = 3
            input.markSpecial(upTo: 3)
        }
    }

    /// The next token; `.end` once the root value and trailing whitespace are read.
    package mutating func next() throws(JSONSyntaxError) -> JSONToken {
        input.skipWhitespace()
        input.tokenStart = input.position
        switch state {
        case .afterValue:
            guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
            if byte == UInt8(ascii: ",") {
                input.position += 1
                input.skipWhitespace()
                input.tokenStart = input.position
                return inObject ? try readKey() : try readValue()
            }
            if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { return close() }
            throw input.error(.unexpectedCharacter(expected: inObject ? "',' or '}'" : "',' or ']'"))
        case .afterKey:
            guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
            guard byte == UInt8(ascii: ":") else { throw input.error(.unexpectedCharacter(expected: "':'")) }
            input.position += 1
            input.skipWhitespace()
            input.tokenStart = input.position
            return try readValue()
        case .firstInObject:
            if input.peek() == UInt8(ascii: "}") { return close() }
            return try readKey()
        case .firstInArray:
            if input.peek() == UInt8(ascii: "]") { return close() }
            return try readValue()
        case .root:
            guard input.peek() != nil else { throw input.error(.empty) }
            return try readValue()
        case .afterRoot:
            guard input.peek() == nil else { throw input.error(.trailingContent) }
            state = .finished
            return .end
        case .finished:
            return .end
        }
    }

    /// Skips the value `next()` would return (all of it, when it is an array or object), checking it as it goes.
    package mutating func skipValue() throws(JSONSyntaxError) {
        let outer = containers.count
        switch try next() {
        case .objectStart, .arrayStart: break
        default: return
        }
        while containers.count > outer {
            _ = try next()
        }
    }

    /// A key (at its opening quote, after whitespace).
    private mutating func readKey() throws(JSONSyntaxError) -> JSONToken {
        guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
        guard byte == UInt8(ascii: "\"") else { throw input.error(.unexpectedCharacter(expected: "a string key")) }
        try scanString()
        state = .afterKey
        return .key
    }

    /// A value (at its first byte, after whitespace).
    private mutating func readValue() throws(JSONSyntaxError) -> JSONToken {
        guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
        let token: JSONToken
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < Self.maximumDepth else {
                throw input.error(.nestingTooDeep(limit: Self.maximumDepth))
            }
            input.position += 1
            let isObject = byte == UInt8(ascii: "{")
            containers.push(isObject: isObject)
            inObject = isObject
            state = isObject ? .firstInObject : .firstInArray
            return isObject ? .objectStart : .arrayStart
        case UInt8(ascii: "\""):
            try scanString()
            token = .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            token = .number
        case UInt8(ascii: "t"):
            try scanLiteral("true")
            token = .bool(true)
        case UInt8(ascii: "f"):
            try scanLiteral("false")
            token = .bool(false)
        case UInt8(ascii: "n"):
            try scanLiteral("null")
            token = .null
        default:
            throw input.error(.unexpectedCharacter(expected: "a value"))
        }
        state = containers.isEmpty ? .afterRoot : .afterValue
        return token
    }

    /// Consumes the closing bracket of the innermost container.
    private mutating func close() -> JSONToken {
        input.position += 1
        let wasObject = containers.pop()
        inObject = containers.innermostIsObject
        state = containers.isEmpty ? .afterRoot : .afterValue
        return wasObject ? .objectEnd : .arrayEnd
    }

    /// Consumes `true`, `false` or `null`.
    private mutating func scanLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        for offset in 0..<literal.utf8CodeUnitCount {
            guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
            guard byte == literal.utf8Start[offset] else {
                throw input.error(.unexpectedCharacter(expected: "a value"))
            }
            input.position += 1
        }
    }
}
