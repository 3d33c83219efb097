import RegimenFoundation
/// A small byte-level JSON reader for ResearchKit device-motion recordings (docs/range-of-motion.md, "Recording files").
///
/// It reads only what Regimen needs (`attitude`, `gravity`, `timestamp`, `timestampSince1970`) and validates and
/// skips everything else: any key order, unknown fields, escapes, whitespace, E-notation and nested values.
/// Numbers are converted with correct rounding (Clinger's fast path, exact 128-bit arithmetic for 19-digit
/// mantissas, otherwise the standard library's parser). Skipped strings are checked for JSON escapes and control
/// characters but not for valid UTF-8, since their text is never used.
struct MotionJSONParser {
    typealias Failure = MotionRecordingError
    typealias Kind = MotionRecordingError.JSONKind

    /// The document.
    private let base: UnsafePointer<UInt8>
    /// The document's length in bytes.
    private let count: Int
    /// The next byte to read.
    private var position = 0
    /// Deeper nesting is refused, so hostile input cannot exhaust the stack.
    private static let maxDepth = 256

    /// Reads `bytes`, which must stay valid while the parser is used.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        // An empty buffer may have a nil base; point at a dummy byte that is never read (count is 0).
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
        self.count = bytes.count
    }

    // MARK: Document structure

    /// Parses the whole document: `{"items": [...]}` or a bare array of items.
    mutating func parseRecording() throws(Failure) -> [MotionSample] {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }  // UTF-8 byte order mark
        skipWhitespace()
        guard position < count else { throw syntax(.unexpectedEnd) }
        let samples: [MotionSample]
        switch base[position] {
        case UInt8(ascii: "["): samples = try parseItems()
        case UInt8(ascii: "{"): samples = try parseRootObject()
        case let byte:
            guard let kind = Self.kind(startingWith: byte) else {
                throw syntax(.unexpectedByte(byte, expected: "a JSON value"))
            }
            try skipValue(depth: 0)
            try expectEnd()
            throw .unexpectedRoot(found: kind)
        }
        try expectEnd()
        return samples
    }

    /// The root object: finds `items`, skips every other key.
    private mutating func parseRootObject() throws(Failure) -> [MotionSample] {
        position += 1
        var items: [MotionSample]?
        skipWhitespace()
        if try !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try readKey()
                try expectColon()
                if key == .items {
                    guard position < count else { throw syntax(.unexpectedEnd) }
                    let byte = base[position]
                    if byte == UInt8(ascii: "[") {
                        items = try parseItems()
                    } else if let kind = Self.kind(startingWith: byte) {
                        throw .itemsNotAnArray(found: kind)
                    } else {
                        throw syntax(.unexpectedByte(byte, expected: "a JSON value"))
                    }
                } else {
                    try skipValue(depth: 1)
                }
            } while try continueObject()
        }
        guard let items else { throw .missingItems }
        return items
    }

    /// The item array; `position` is at `[`.
    private mutating func parseItems() throws(Failure) -> [MotionSample] {
        position += 1
        var samples: [MotionSample] = []
        // A ResearchKit item is about 480 bytes; reserve for that so large files do not reallocate repeatedly.
        samples.reserveCapacity(min(count / 400, 1 << 24))
        skipWhitespace()
        if try consume(UInt8(ascii: "]")) { return samples }
        repeat {
            samples.append(try parseItem(index: samples.count))
            skipWhitespace()
            guard position < count else { throw syntax(.unexpectedEnd) }
            let byte = base[position]
            position += 1
            if byte == UInt8(ascii: "]") { return samples }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw syntax(.unexpectedByte(byte, expected: "',' or ']'"))
            }
            skipWhitespace()
        } while true
    }

    /// One item object.
    private mutating func parseItem(index: Int) throws(Failure) -> MotionSample {
        guard position < count else { throw syntax(.unexpectedEnd) }
        let first = base[position]
        guard first == UInt8(ascii: "{") else {
            if let kind = Self.kind(startingWith: first) {
                throw .invalidItem(index: index, field: "", problem: .expectedObject(found: kind))
            }
            throw syntax(.unexpectedByte(first, expected: "an item object"))
        }
        position += 1
        var attitude: Quaternion?
        var gravity: Vector3?
        var timestamp: Double?
        var timestampSince1970: Double?
        skipWhitespace()
        if try !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try readKey()
                try expectColon()
                switch key {
                case .attitude: attitude = try readQuaternion(index: index)
                case .gravity: gravity = try readGravity(index: index)
                case .timestamp: timestamp = try readNumber(index: index, field: "timestamp")
                case .timestampSince1970:
                    timestampSince1970 = try readNumber(index: index, field: "timestampSince1970")
                default: try skipValue(depth: 2)
                }
            } while try continueObject()
        }
        guard let attitude else { throw .invalidItem(index: index, field: "attitude", problem: .missing) }
        return MotionSample(
            attitude: attitude, gravity: gravity, timestamp: timestamp, timestampSince1970: timestampSince1970)
    }

    /// `attitude{x,y,z,w}`; extra keys are skipped.
    private mutating func readQuaternion(index: Int) throws(Failure) -> Quaternion {
        try openObject(index: index, field: "attitude")
        var x: Double?, y: Double?, z: Double?, w: Double?
        if try !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try readKey()
                try expectColon()
                switch key {
                case .x: x = try readNumber(index: index, field: "attitude.x")
                case .y: y = try readNumber(index: index, field: "attitude.y")
                case .z: z = try readNumber(index: index, field: "attitude.z")
                case .w: w = try readNumber(index: index, field: "attitude.w")
                default: try skipValue(depth: 3)
                }
            } while try continueObject()
        }
        guard let x else { throw .invalidItem(index: index, field: "attitude.x", problem: .missing) }
        guard let y else { throw .invalidItem(index: index, field: "attitude.y", problem: .missing) }
        guard let z else { throw .invalidItem(index: index, field: "attitude.z", problem: .missing) }
        guard let w else { throw .invalidItem(index: index, field: "attitude.w", problem: .missing) }
        return Quaternion(x: x, y: y, z: z, w: w)
    }

    /// `gravity{x,y,z}`; extra keys are skipped. (Field names are literals so nothing is built per sample.)
    private mutating func readGravity(index: Int) throws(Failure) -> Vector3 {
        try openObject(index: index, field: "gravity")
        var x: Double?, y: Double?, z: Double?
        if try !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try readKey()
                try expectColon()
                switch key {
                case .x: x = try readNumber(index: index, field: "gravity.x")
                case .y: y = try readNumber(index: index, field: "gravity.y")
                case .z: z = try readNumber(index: index, field: "gravity.z")
                default: try skipValue(depth: 3)
                }
            } while try continueObject()
        }
        guard let x else { throw .invalidItem(index: index, field: "gravity.x", problem: .missing) }
        guard let y else { throw .invalidItem(index: index, field: "gravity.y", problem: .missing) }
        guard let z else { throw .invalidItem(index: index, field: "gravity.z", problem: .missing) }
        return Vector3(x: x, y: y, z: z)
    }

    /// Steps into an object value of an item field, or names the field in the error.
    private mutating func openObject(index: Int, field: String) throws(Failure) {
        guard position < count else { throw syntax(.unexpectedEnd) }
        let byte = base[position]
        guard byte == UInt8(ascii: "{") else {
            if let kind = Self.kind(startingWith: byte) {
                throw .invalidItem(index: index, field: field, problem: .expectedObject(found: kind))
            }
            throw syntax(.unexpectedByte(byte, expected: "a JSON value"))
        }
        position += 1
        skipWhitespace()
    }

    /// A finite number value of an item field, or names the field in the error.
    private mutating func readNumber(index: Int, field: String) throws(Failure) -> Double {
        guard position < count else { throw syntax(.unexpectedEnd) }
        let byte = base[position]
        guard byte == UInt8(ascii: "-") || (byte &- UInt8(ascii: "0")) < 10 else {
            if let kind = Self.kind(startingWith: byte) {
                throw .invalidItem(index: index, field: field, problem: .expectedNumber(found: kind))
            }
            throw syntax(.unexpectedByte(byte, expected: "a JSON value"))
        }
        let value = try scanNumber(convert: true)
        guard value.isFinite else { throw .invalidItem(index: index, field: field, problem: .notFinite) }
        return value
    }

    // MARK: Tokens

    /// After a member: consumes `,` (true, more members follow, positioned at the next key) or `}` (false).
    private mutating func continueObject() throws(Failure) -> Bool {
        skipWhitespace()
        guard position < count else { throw syntax(.unexpectedEnd) }
        let byte = base[position]
        position += 1
        if byte == UInt8(ascii: ",") {
            skipWhitespace()
            return true
        }
        if byte == UInt8(ascii: "}") { return false }
        position -= 1
        throw syntax(.unexpectedByte(byte, expected: "',' or '}'"))
    }

    /// Consumes `byte` if it is next (after whitespace).
    private mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard position < count else { throw syntax(.unexpectedEnd) }
        guard base[position] == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `:` and the whitespace around it.
    private mutating func expectColon() throws(Failure) {
        skipWhitespace()
        guard position < count else { throw syntax(.unexpectedEnd) }
        guard base[position] == UInt8(ascii: ":") else {
            throw syntax(.unexpectedByte(base[position], expected: "':'"))
        }
        position += 1
        skipWhitespace()
    }

    /// Only whitespace may follow the root value.
    private mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard position == count else { throw syntax(.trailingData) }
    }

    /// Skips JSON whitespace.
    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// A syntax error at the current position.
    private func syntax(_ problem: MotionRecordingError.JSONSyntaxProblem) -> Failure {
        .malformedJSON(byteOffset: position, problem: problem)
    }

    /// The kind of value that starts with `byte`, or nil when no JSON value can start with it.
    private static func kind(startingWith byte: UInt8) -> Kind? {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
        case UInt8(ascii: "n"): .null
        default: nil
        }
    }

    // MARK: Keys

    /// The object keys Regimen reads; everything else is `other`.
    enum Key {
        case items, attitude, gravity, timestamp, timestampSince1970, x, y, z, w, other
    }

    /// Reads a key string (at `"`), decoding escapes only when there are any.
    private mutating func readKey() throws(Failure) -> Key {
        guard position < count else { throw syntax(.unexpectedEnd) }
        guard base[position] == UInt8(ascii: "\"") else {
            throw syntax(.unexpectedByte(base[position], expected: "a key string"))
        }
        let start = position + 1
        let hadEscape = try skipString()
        if !hadEscape {
            return Self.key(UnsafeBufferPointer(start: base + start, count: position - 1 - start))
        }
        var decoded: [UInt8] = []
        var index = start
        while index < position - 1 {
            let byte = base[index]
            if byte != UInt8(ascii: "\\") {
                decoded.append(byte)
                index += 1
                continue
            }
            let escape = base[index + 1]
            switch escape {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                for offset in 2..<6 { scalar = scalar << 4 | UInt32(Self.hexValue(base[index + offset]) ?? 0) }
                // Only ASCII keys matter; any other character cannot match one, so it becomes an invalid byte.
                decoded.append(scalar < 0x80 ? UInt8(scalar) : 0xFF)
                index += 4
            default: decoded.append(escape)
            }
            index += 2
        }
        return decoded.withUnsafeBufferPointer { Self.key($0) }
    }

    /// Classifies the raw bytes of a key.
    private static func key(_ name: UnsafeBufferPointer<UInt8>) -> Key {
        switch name.count {
        case 1:
            switch name[0] {
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            case UInt8(ascii: "z"): return .z
            case UInt8(ascii: "w"): return .w
            default: return .other
            }
        case 5: return equal(name, "items") ? .items : .other
        case 7: return equal(name, "gravity") ? .gravity : .other
        case 8: return equal(name, "attitude") ? .attitude : .other
        case 9: return equal(name, "timestamp") ? .timestamp : .other
        case 18: return equal(name, "timestampSince1970") ? .timestampSince1970 : .other
        default: return .other
        }
    }

    /// Whether `name` holds exactly the ASCII bytes of `literal` (same length already checked).
    private static func equal(_ name: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return name.elementsEqual(expected)
    }

    // MARK: Values

    /// Skips (and validates) any JSON value.
    private mutating func skipValue(depth: Int) throws(Failure) {
        guard depth < Self.maxDepth else { throw syntax(.nestingTooDeep) }
        skipWhitespace()
        guard position < count else { throw syntax(.unexpectedEnd) }
        switch base[position] {
        case UInt8(ascii: "{"):
            position += 1
            if try !consume(UInt8(ascii: "}")) {
                repeat {
                    _ = try readKeyForSkipping()
                    try expectColon()
                    try skipValue(depth: depth + 1)
                } while try continueObject()
            }
        case UInt8(ascii: "["):
            position += 1
            if try !consume(UInt8(ascii: "]")) {
                repeat {
                    try skipValue(depth: depth + 1)
                    skipWhitespace()
                    guard position < count else { throw syntax(.unexpectedEnd) }
                    let byte = base[position]
                    position += 1
                    if byte == UInt8(ascii: "]") { break }
                    guard byte == UInt8(ascii: ",") else {
                        position -= 1
                        throw syntax(.unexpectedByte(byte, expected: "',' or ']'"))
                    }
                } while true
            }
        case UInt8(ascii: "\""): _ = try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber(convert: false)
        case UInt8(ascii: "t"): try skipLiteral("true")
        case UInt8(ascii: "f"): try skipLiteral("false")
        case UInt8(ascii: "n"): try skipLiteral("null")
        case let byte: throw syntax(.unexpectedByte(byte, expected: "a JSON value"))
        }
    }

    /// A key inside a skipped object (only validated).
    private mutating func readKeyForSkipping() throws(Failure) -> Bool {
        guard position < count else { throw syntax(.unexpectedEnd) }
        guard base[position] == UInt8(ascii: "\"") else {
            throw syntax(.unexpectedByte(base[position], expected: "a key string"))
        }
        return try skipString()
    }

    /// Skips `true`, `false` or `null`.
    private mutating func skipLiteral(_ literal: StaticString) throws(Failure) {
        let length = literal.utf8CodeUnitCount
        for offset in 0..<length {
            guard position + offset < count else {
                position += offset
                throw syntax(.unexpectedEnd)
            }
            let byte = base[position + offset]
            guard byte == literal.utf8Start[offset] else {
                position += offset
                throw syntax(.unexpectedByte(byte, expected: "\(literal)"))
            }
        }
        position += length
    }

    /// Skips a string at `"`, validating escapes; returns whether it held any escape.
    private mutating func skipString() throws(Failure) -> Bool {
        position += 1
        var hadEscape = false
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return hadEscape
            }
            if byte == UInt8(ascii: "\\") {
                hadEscape = true
                guard position + 1 < count else {
                    position = count
                    throw syntax(.unexpectedEnd)
                }
                switch base[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    for offset in 2..<6 {
                        guard position + offset < count else {
                            position = count
                            throw syntax(.unexpectedEnd)
                        }
                        guard Self.hexValue(base[position + offset]) != nil else { throw syntax(.invalidEscape) }
                    }
                    position += 6
                default:
                    throw syntax(.invalidEscape)
                }
                continue
            }
            if byte < 0x20 { throw syntax(.controlCharacterInString) }
            position += 1
        }
        throw syntax(.unexpectedEnd)
    }

    /// The value of a hexadecimal digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Numbers

    /// Scans a number per JSON's grammar (at `-` or a digit) and, when `convert`, returns its correctly rounded
    /// Double value (infinite when it overflows).
    private mutating func scanNumber(convert: Bool) throws(Failure) -> Double {
        let base = self.base
        let count = self.count
        let start = position
        var p = position
        defer { position = p }
        var negative = false
        if base[p] == UInt8(ascii: "-") {
            negative = true
            p += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var truncated = false

        // Integer part: "0" or a non-zero digit followed by digits.
        guard p < count else { throw .malformedJSON(byteOffset: p, problem: .unexpectedEnd) }
        let leading = base[p] &- UInt8(ascii: "0")
        guard leading < 10 else { throw .malformedJSON(byteOffset: p, problem: .invalidNumber) }
        p += 1
        if leading != 0 {
            mantissa = UInt64(leading)
            significantDigits = 1
            while p < count {
                let digit = base[p] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                p += 1
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    truncated = truncated || digit != 0
                    exponent += 1
                }
            }
        }
        // Fraction.
        if p < count, base[p] == UInt8(ascii: ".") {
            p += 1
            let fractionStart = p
            while p < count {
                let digit = base[p] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                p += 1
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significantDigits += 1 }
                    exponent -= 1
                } else {
                    truncated = truncated || digit != 0
                }
            }
            guard p > fractionStart else {
                throw .malformedJSON(byteOffset: p, problem: p < count ? .invalidNumber : .unexpectedEnd)
            }
        }
        // Exponent.
        if p < count, base[p] | 0x20 == UInt8(ascii: "e") {
            p += 1
            var exponentNegative = false
            if p < count, base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-") {
                exponentNegative = base[p] == UInt8(ascii: "-")
                p += 1
            }
            let digitsStart = p
            var value = 0
            while p < count {
                let digit = base[p] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                p += 1
                if value < 100_000 { value = value * 10 + Int(digit) }
            }
            guard p > digitsStart else {
                throw .malformedJSON(byteOffset: p, problem: p < count ? .invalidNumber : .unexpectedEnd)
            }
            exponent += exponentNegative ? -value : value
        }
        guard convert else { return 0 }
        if !truncated, let value = Self.exactDouble(mantissa: mantissa, exponent: exponent) {
            return negative ? -value : value
        }
        // Rare: more than 19 significant digits or a large exponent; the standard library rounds correctly.
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: p - start), as: UTF8.self)
        guard let value = Double(text) else { throw .malformedJSON(byteOffset: start, problem: .invalidNumber) }
        return value
    }

    /// Exact powers of ten representable as Double (10^0 … 10^22).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Powers of ten 10^0 … 10^22 as integers.
    private static let integerPowersOfTen: [UInt128] = (0...22).map { power in
        (0..<power).reduce(UInt128(1)) { value, _ in value * 10 }
    }

    /// `mantissa × 10^exponent` correctly rounded to nearest-even, or nil when outside the fast cases:
    /// Clinger's fast path (mantissa ≤ 2^53, |exponent| ≤ 22), else exact 128-bit integer arithmetic for any
    /// 19-digit mantissa with exponent in −22…19 (the long decimals ResearchKit writes).
    static func exactDouble(mantissa: UInt64, exponent: Int) -> Double? {
        if mantissa == 0 { return 0 }
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let value = Double(mantissa)
            return exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
        }
        if exponent >= 0, exponent <= 19 {
            // mantissa < 2^64 and 10^19 < 2^64, so the product is exact in 128 bits.
            let product = UInt128(mantissa) * integerPowersOfTen[exponent]
            return roundToDouble(product, sticky: false, binaryExponent: 0)
        }
        if exponent < 0, exponent >= -22 {
            // q = ⌊m·2^s / 10^k⌋ with m·2^s in [2^127, 2^128); 10^k < 2^74, so q ≥ 2^53: at least 54 bits,
            // enough for the 53-bit significand plus a rounding bit; the remainder is the sticky bit.
            let shift = 64 + mantissa.leadingZeroBitCount
            let numerator = UInt128(mantissa) << shift
            let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: integerPowersOfTen[-exponent])
            return roundToDouble(quotient, sticky: remainder != 0, binaryExponent: -shift)
        }
        return nil
    }

    /// `(value + (sticky ? a fraction in (0,1) : 0)) × 2^binaryExponent`, rounded to nearest-even; results here
    /// are always normal numbers.
    private static func roundToDouble(_ value: UInt128, sticky: Bool, binaryExponent: Int) -> Double {
        let bits = 128 - value.leadingZeroBitCount
        guard bits > 53 else {
            // Fits exactly; a sticky fraction cannot arise here (only the division path sets it, with ≥ 54 bits).
            return Double(sign: .plus, exponent: binaryExponent, significand: Double(UInt64(value)))
        }
        let dropped = bits - 53
        var significand = UInt64(value >> dropped)
        let rest = value & ((UInt128(1) << dropped) - 1)
        let half = UInt128(1) << (dropped - 1)
        if rest > half || (rest == half && (sticky || significand & 1 == 1)) {
            significand += 1  // may reach 2^53, still exact as a Double
        }
        return Double(sign: .plus, exponent: binaryExponent + dropped, significand: Double(significand))
    }
}
