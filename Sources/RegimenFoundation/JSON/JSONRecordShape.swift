/// How one JSON object of a long array is written, learned from that object, so that the following objects written
/// the same way (the same keys in the same order with the same whitespace, only the numbers differing) are read by
/// comparing bytes instead of stepping through tokens (`JSONReader.readRecord`): what a recorder that writes one
/// record after another produces. Learned only from a plain object: ASCII keys without escapes, each once per
/// object, values that are numbers or such objects. Anything else has no shape and is read token by token.
package final class JSONRecordShape: @unchecked Sendable {  // immutable once made
    /// What the reader does with one number of the record.
    package enum Use: Sendable, Equatable {
        /// Checked against JSON's grammar only.
        case skip
        /// Checked to be finite as a double too, as `JSONReader.numberIsSurelyFinite` then `double()` would.
        case check
        /// Converted into `values[slot]`.
        case value(slot: Int)
    }

    /// The bytes around the numbers, one after another: literal `i` precedes number `i`, the last one ends the
    /// record (its closing brace). Kept in memory of its own, so that reading a record retains nothing.
    let literals: UnsafeMutableBufferPointer<UInt8>
    /// Where each literal ends in `literals` (one more than `uses`).
    let literalEnds: UnsafeMutableBufferPointer<Int>
    /// What is done with each number, in order.
    let uses: UnsafeMutableBufferPointer<Use>
    /// Whether a literal holds a line feed (the reader must then count lines over a record it reads).
    let holdsLineFeed: Bool
    /// The key path of each number, outermost key first.
    package let paths: [[String]]

    private init(literals: [UInt8], literalEnds: [Int], uses: [Use], paths: [[String]]) {
        self.literals = .allocate(capacity: literals.count)
        _ = self.literals.initialize(from: literals)
        self.literalEnds = .allocate(capacity: literalEnds.count)
        _ = self.literalEnds.initialize(from: literalEnds)
        self.uses = .allocate(capacity: uses.count)
        _ = self.uses.initialize(from: uses)
        holdsLineFeed = literals.contains(0x0A)
        self.paths = paths
    }

    deinit {
        literals.deallocate()
        literalEnds.deallocate()
        uses.deallocate()
    }

    /// The deepest nesting of objects learned.
    static let maximumDepth = 8

    /// Learns the shape of the object at the start of `bytes` (which must hold all of it); `use` says what to do with
    /// the number at each key path. Nil when the object is not plain (see the type) or not all in `bytes`.
    static func learn(_ bytes: UnsafeBufferPointer<UInt8>, use: ([String]) -> Use) -> JSONRecordShape? {
        var learner = Learner(bytes: bytes)
        guard learner.object(depth: 1, path: [], use: use), !learner.uses.isEmpty else { return nil }
        learner.literals.append(contentsOf: bytes[learner.literalStart..<learner.position])
        learner.literalEnds.append(learner.literals.count)
        return JSONRecordShape(
            literals: learner.literals, literalEnds: learner.literalEnds, uses: learner.uses, paths: learner.paths)
    }

    /// A restricted reader of one plain object that collects the literals between its numbers.
    private struct Learner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var literalStart = 0
        var literals: [UInt8] = []
        var literalEnds: [Int] = []
        var uses: [Use] = []
        var paths: [[String]] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var byte: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte, byte.isJSONWhitespace { position += 1 }
        }

        /// An object at `position`; false when it is not plain or not complete.
        mutating func object(depth: Int, path: [String], use: ([String]) -> Use) -> Bool {
            guard depth <= JSONRecordShape.maximumDepth, byte == UInt8(ascii: "{") else { return false }
            position += 1
            skipWhitespace()
            if byte == UInt8(ascii: "}") {
                position += 1
                return true
            }
            var keys: Set<String> = []
            while true {
                guard let key = key(), keys.insert(key).inserted else { return false }
                skipWhitespace()
                guard byte == UInt8(ascii: ":") else { return false }
                position += 1
                skipWhitespace()
                guard let first = byte else { return false }
                if first == UInt8(ascii: "{") {
                    guard object(depth: depth + 1, path: path + [key], use: use) else { return false }
                } else {
                    let start = position
                    guard let scanned = JSONRecordShape.scanNumber(bytes.baseAddress!, from: start, count: bytes.count)
                    else { return false }
                    literals.append(contentsOf: bytes[literalStart..<start])
                    literalEnds.append(literals.count)
                    uses.append(use(path + [key]))
                    paths.append(path + [key])
                    position = scanned.end
                    literalStart = position
                }
                skipWhitespace()
                switch byte {
                case UInt8(ascii: ","):
                    position += 1
                    skipWhitespace()
                case UInt8(ascii: "}"):
                    position += 1
                    return true
                default:
                    return false
                }
            }
        }

        /// A key of printable ASCII without escapes.
        mutating func key() -> String? {
            guard byte == UInt8(ascii: "\"") else { return nil }
            position += 1
            let start = position
            while let byte, byte != UInt8(ascii: "\"") {
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            guard byte != nil else { return nil }
            let key = String(decoding: bytes[start..<position], as: UTF8.self)
            position += 1
            return key
        }
    }

    /// Scans a number by JSON's grammar at `base[start]`, reading no byte at or past `count`: its end, and whether
    /// it is surely finite as a double (at most 307 integer digits plus exponent: below 10^308; when false it may
    /// still be), or nil when it is not a number or may continue past `count`.
    @inline(__always)
    static func scanNumber(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> (end: Int, surelyFinite: Bool)?
    {
        var index = start
        if index < count, base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return nil }
        let integerStart = index
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            index = JSONInput.digitRunEnd(base, from: index, count: count)
            guard index > integerStart else { return nil }
        }
        let integerDigits = index - integerStart
        guard index < count else { return nil }
        if base[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            index = JSONInput.digitRunEnd(base, from: fractionStart, count: count)
            guard index > fractionStart, index < count else { return nil }
        }
        var exponent = 0
        if base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negative = false
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                negative = base[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            while index < count, base[index] &- UInt8(ascii: "0") < 10 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(base[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            guard index > digitsStart, index < count else { return nil }
            if negative { exponent = -exponent }
        }
        return (index, integerDigits + exponent <= 307)
    }
}
