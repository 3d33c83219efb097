/// Strings: scanning (escapes decoded, control characters refused, UTF-8 checked) and reading the last one.
extension JSONReader {
    /// The last key or string token's text.
    package func string() -> String {
        if stringWasEscaped { return String(decoding: decoded, as: UTF8.self) }  // already checked to be UTF-8
        return String(
            decoding: UnsafeBufferPointer(start: input.base + stringStart, count: stringEnd - stringStart),
            as: UTF8.self)
    }

    /// The last string token's text, the same `String` as a recent one with the same bytes (`JSONRecentStrings`).
    package func string(reusing recent: inout JSONRecentStrings) -> String {
        if stringWasEscaped { return String(decoding: decoded, as: UTF8.self) }  // already checked to be UTF-8
        return recent.string(UnsafeBufferPointer(start: input.base + stringStart, count: stringEnd - stringStart))
    }

    /// Whether the last key or string token is exactly `literal` (no string is made). Mutating (though it changes
    /// nothing) so that callers in other modules pass the reader by address instead of copying it per call.
    @inlinable
    package mutating func stringEquals(_ literal: StaticString) -> Bool {
        withStringBytes { bytes in
            guard bytes.count == literal.utf8CodeUnitCount else { return false }
            for index in 0..<bytes.count where bytes[index] != literal.utf8Start[index] { return false }
            return true
        }
    }

    /// Calls `body` with the decoded UTF-8 bytes of the last key or string token.
    /// Mutating (though it changes nothing) so that callers in other modules pass the reader by address.
    @inlinable @inline(__always)
    package mutating func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if stringWasEscaped { return decoded.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(start: input.base + stringStart, count: stringEnd - stringStart))
    }

    /// Scans a string at its opening quote (the token's start).
    mutating func scanString() throws(JSONSyntaxError) {
        input.position += 1
        stringWasEscaped = false
        var highBits: UInt8 = 0
        while true {
            if !stringWasEscaped { input.skipPlainStringBytes() }
            if input.position == input.count, !input.refill() { throw input.error(.unexpectedEnd) }
            let byte = input.base[input.position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                if !stringWasEscaped {
                    stringWasEscaped = true
                    decoded.removeAll(keepingCapacity: true)
                    let start = input.tokenStart + 1
                    decoded.append(
                        contentsOf: UnsafeBufferPointer(start: input.base + start, count: input.position - start))
                }
                try scanEscape()
                continue
            }
            if byte < 0x20 { throw input.error(.controlCharacterInString) }
            highBits |= byte
            if stringWasEscaped { decoded.append(byte) }
            input.position += 1
        }
        stringStart = input.tokenStart + 1
        stringEnd = input.position
        if highBits & 0x80 != 0 {
            guard withStringBytes({ String(validating: $0, as: UTF8.self) != nil }) else {
                throw input.error(.invalidUTF8)
            }
            input.markSpecial(upTo: input.position)
        }
        input.position += 1
    }

    /// Decodes one escape at its backslash into `decoded`.
    private mutating func scanEscape() throws(JSONSyntaxError) {
        input.position += 1
        guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            input.position += 1
            let scalar = try scanUnicodeEscape()
            var utf8 = Unicode.UTF8.encode(scalar).unsafelyUnwrapped.makeIterator()
            while let unit = utf8.next() { decoded.append(unit) }
            return
        default: throw input.error(.invalidEscape)
        }
        input.position += 1
    }

    /// Reads `XXXX` (and a following `\uXXXX` low surrogate when needed), positioned just after the `u`.
    private mutating func scanUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try scanHex4()
        switch first {
        case 0xD800...0xDBFF:
            guard input.peek() == UInt8(ascii: "\\"), input.peek(offset: 1) == UInt8(ascii: "u") else {
                throw input.error(.invalidUnicodeEscape)
            }
            input.position += 2
            let second = try scanHex4()
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw input.error(.invalidUnicodeEscape) }
            return scalar
        case 0xDC00...0xDFFF:
            throw input.error(.invalidUnicodeEscape)
        default:
            guard let scalar = Unicode.Scalar(first) else { throw input.error(.invalidUnicodeEscape) }
            return scalar
        }
    }

    private mutating func scanHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = input.peek() else { throw input.error(.unexpectedEnd) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw input.error(.invalidUnicodeEscape)
            }
            value = value << 4 | digit
            input.position += 1
        }
        return value
    }
}
