/// Entity and character references (`&amp;`, `&#160;`, `&#x2019;`): the five predefined entities and references to
/// XML characters, nothing else (docs/health-export.md, "The export": the DTD declares no entities).
package enum XMLReference {
    /// The outcome of reading a reference that starts at an `&`.
    package enum Scan {
        /// A valid reference of `length` bytes (from `&` to `;`) standing for `scalar`.
        case reference(length: Int, scalar: Unicode.Scalar)
        /// The bytes end before the reference does.
        case incomplete
        /// Not a valid reference.
        case invalid(XMLSyntaxError.Problem)
    }

    /// The longest reference read: longer text before a `;` is an error (`&#x0000000000041;` is refused).
    static let longest = 32

    /// Reads the reference at `base[start]` (an `&`), looking no further than `end`.
    package static func scan(_ base: UnsafePointer<UInt8>, at start: Int, end: Int) -> Scan {
        var index = start + 1
        while index < end, base[index] != UInt8(ascii: ";") {
            let byte = base[index]
            if index - start > longest || XMLByteClass.table[Int(byte)] & XMLByteClass.name == 0 && byte != 0x23 {
                return .invalid(
                    .invalidReference(
                        String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self))
                )
            }
            index += 1
        }
        guard index < end else { return .incomplete }
        let body = UnsafeBufferPointer(start: base + start + 1, count: index - start - 1)
        let length = index - start + 1
        let text = XMLBytes(body)
        if body.first == UInt8(ascii: "#") {
            guard let scalar = characterReference(body) else {
                return .invalid(.invalidReference("&\(text.string);"))
            }
            return .reference(length: length, scalar: scalar)
        }
        if text.equals("amp") { return .reference(length: length, scalar: "&") }
        if text.equals("lt") { return .reference(length: length, scalar: "<") }
        if text.equals("gt") { return .reference(length: length, scalar: ">") }
        if text.equals("quot") { return .reference(length: length, scalar: "\"") }
        if text.equals("apos") { return .reference(length: length, scalar: "'") }
        return .invalid(.unknownEntity(text.string))
    }

    /// `#123` or `#x7B` → the character, when it is one XML allows (no NUL, no surrogates, no U+FFFE/U+FFFF).
    private static func characterReference(_ body: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        let hex = body.count > 1 && body[1] == UInt8(ascii: "x")
        let digits = body.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
            case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
            default: return nil
            }
            value = value * (hex ? 16 : 10) + digit
            if value > 0x10FFFF { return nil }
        }
        let allowed =
            value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        return allowed ? Unicode.Scalar(value) : nil
    }

    /// An attribute value with its references replaced and tab, line feed and carriage return turned into spaces
    /// (XML's attribute-value normalization; `&#10;` stays a line feed). The value was checked when scanned (valid
    /// UTF-8, valid references), and decoding never lengthens it (a reference is at least as long as its UTF-8), so
    /// the text is written straight into the String's storage, plain runs copied whole.
    package static func decodeAttributeValue(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = raw.baseAddress, raw.count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: raw.count) { output in
            var written = 0
            var index = 0
            while index < raw.count {
                var runEnd = index
                while runEnd < raw.count,
                    XMLByteClass.table[Int(base[runEnd])] & XMLByteClass.valueSpecial == 0
                        || base[runEnd] == 0x22 || base[runEnd] == 0x27
                {
                    runEnd += 1
                }
                if runEnd > index {
                    (output.baseAddress! + written).update(from: base + index, count: runEnd - index)
                    written += runEnd - index
                    index = runEnd
                    continue
                }
                if base[index] == UInt8(ascii: "&"),
                    case .reference(let length, let scalar) = scan(base, at: index, end: raw.count)
                {
                    for byte in UTF8.encode(scalar)! {
                        output[written] = byte
                        written += 1
                    }
                    index += length
                } else {
                    let byte = base[index]
                    output[written] = byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte
                    written += 1
                    index += 1
                }
            }
            return written
        }
    }
}
