import Foundation

/// A strict RFC 8259 parser into `JSONValue`. Keeps `true` apart from `1` and `4` apart from `4.0`
/// (no NSNumber bridging), bounds nesting depth, and never traps on malformed input.
package struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document (an optional UTF-8 byte-order mark is skipped).
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(data))
    }

    /// Parses one JSON document held in `bytes` (an optional UTF-8 byte-order mark is skipped).
    package static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw parser.error(.empty) }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error(.trailingContent) }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw error(.unexpectedEnd) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(.unexpectedCharacter(expected: "a value"))
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        index += 1
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(8)
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw error(.unexpectedEnd) }
            guard byte == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter(expected: "a string key")) }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), expected: "':'")
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            guard let next = peek() else { throw error(.unexpectedEnd) }
            index += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw error(.unexpectedCharacter(expected: "',' or '}'"))
            }
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard let next = peek() else { throw error(.unexpectedEnd) }
            index += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else {
                index -= 1
                throw error(.unexpectedCharacter(expected: "',' or ']'"))
            }
        }
        depth -= 1
        return .array(items)
    }

    private mutating func enterNesting() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error(.nestingTooDeep(limit: Self.maximumDepth)) }
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        // Most strings have no escapes: find the closing quote and make the string from the bytes in place.
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = index
                index += 1
                let text = bytes.withUnsafeBufferPointer { all -> String? in
                    let slice = UnsafeBufferPointer(rebasing: all[start..<end])
                    return isASCII ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                }
                guard let text else {
                    index = end
                    throw error(.invalidUTF8)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while true {
            guard let byte = peek() else { throw error(.unexpectedEnd) }
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    index = start
                    throw error(.invalidUTF8)
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw error(.controlCharacterInString)
            default:
                buffer.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1
        guard let byte = peek() else { throw error(.unexpectedEnd) }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            index += 1
            let scalar = try parseUnicodeEscape()
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        default: throw error(.invalidEscape)
        }
        index += 1
    }

    /// Reads `XXXX` (and a following `\uXXXX` low surrogate when needed); `index` is just after the `u`.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHex4()
        switch first {
        case 0xD800...0xDBFF:
            guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                throw error(.invalidUnicodeEscape)
            }
            index += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw error(.invalidUnicodeEscape) }
            return scalar
        case 0xDC00...0xDFFF:
            throw error(.invalidUnicodeEscape)
        default:
            guard let scalar = Unicode.Scalar(first) else { throw error(.invalidUnicodeEscape) }
            return scalar
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error(.unexpectedEnd) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.invalidUnicodeEscape)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: Numbers and literals

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let lead = peek(), isDigit(lead) else { throw error(.invalidNumber) }
        index += 1
        if lead != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw error(.invalidNumber) }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw error(.invalidNumber) }
            skipDigits()
        }
        if isInteger, index - start <= 18 {
            // Up to 18 characters (at most 18 digits) always fit in an Int: read them without making a string.
            var position = start
            let negative = bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            var whole = 0
            while position < index {
                whole = whole * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            return .integer(negative ? -whole : whole)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let whole = Int(text) { return .integer(whole) }
        guard let number = Double(text), number.isFinite else {
            index = start
            throw error(.numberOutOfRange)
        }
        return .double(number)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        for expectedByte in literal.utf8 {
            guard let byte = peek() else { throw error(.unexpectedEnd) }
            guard byte == expectedByte else { throw error(.unexpectedCharacter(expected: "a value")) }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, expected: String) throws(JSONSyntaxError) {
        guard let found = peek() else { throw error(.unexpectedEnd) }
        guard found == byte else { throw error(.unexpectedCharacter(expected: expected)) }
        index += 1
    }

    // MARK: Position

    private func peek(offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// The error at the current position, with line and column counted up to it.
    private func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(problem: problem, line: line, column: column)
    }
}
