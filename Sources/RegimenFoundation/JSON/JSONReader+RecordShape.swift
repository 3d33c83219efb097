/// Reading the objects of a long array by their learned shape (`JSONRecordShape`): bytes compared, numbers scanned.
extension JSONReader {
    /// The shape of the next value of the array the reader is in, learned from the buffered bytes without consuming
    /// any; nil when the reader is not between values of an array, or the value is not a plain object all buffered.
    /// It may read more input, after which the last token's text (`string()`, `double()`) is no longer available.
    package mutating func upcomingRecordShape(use: ([String]) -> JSONRecordShape.Use) -> JSONRecordShape? {
        // A reader that has just started has nothing buffered yet; the learned object must be buffered whole.
        if input.count - input.position < 1 << 16 {
            input.tokenStart = input.position
            _ = input.refill()
        }
        guard let (start, _) = upcomingArrayValue() else { return nil }
        return JSONRecordShape.learn(
            UnsafeBufferPointer(start: input.base + start, count: input.count - start), use: use)
    }

    /// Reads the next value of the array when it is an object written in `shape` and all buffered: true, with the
    /// numbers its uses ask for in `values` and the reader past the object; false, nothing consumed, otherwise (also
    /// when a number is not what its use needs): read the value with `next()`, which reports any error.
    package mutating func readRecord(_ shape: JSONRecordShape, into values: UnsafeMutableBufferPointer<Double>) -> Bool
    {
        guard let (start, lineFeed) = upcomingArrayValue() else { return false }
        let base = input.base
        let count = input.count
        var position = start
        let literals = shape.literals.baseAddress!
        let ends = shape.literalEnds
        let uses = shape.uses
        var literalStart = 0
        for index in 0...uses.count {
            let literalEnd = ends[index]
            let length = literalEnd - literalStart
            guard length <= count - position, Self.equal(base + position, literals + literalStart, length) else {
                return false
            }
            position += length
            literalStart = literalEnd
            guard index < uses.count else { break }
            guard let number = JSONRecordShape.scanNumber(base, from: position, count: count) else { return false }
            switch uses[index] {
            case .skip:
                break
            case .check:
                if !number.surelyFinite {
                    let text = UnsafeBufferPointer(start: base + position, count: number.end - position)
                    guard DecimalToDouble.convert(text).isFinite else { return false }
                }
            case .value(let slot):
                let value = DecimalToDouble.convert(
                    UnsafeBufferPointer(start: base + position, count: number.end - position))
                guard value.isFinite else { return false }
                values[slot] = value
            }
            position = number.end
        }
        input.position = position
        input.tokenStart = position
        if lineFeed || shape.holdsLineFeed { input.markSpecial(upTo: position) }
        state = .afterValue
        return true
    }

    /// Where the next value of the array the reader is in starts in the buffer (past whitespace and a comma), and
    /// whether the bytes before it hold a line feed; nil when not between values of an array or not buffered.
    private func upcomingArrayValue() -> (start: Int, lineFeed: Bool)? {
        guard !inObject, state == .afterValue || state == .firstInArray else { return nil }
        let base = input.base
        let count = input.count
        var position = input.position
        var lineFeed = false
        func skipWhitespace() {
            while position < count, base[position].isJSONWhitespace {
                if base[position] == 0x0A { lineFeed = true }
                position += 1
            }
        }
        skipWhitespace()
        if state == .afterValue {
            guard position < count, base[position] == UInt8(ascii: ",") else { return nil }
            position += 1
            skipWhitespace()
        }
        guard position < count, base[position] == UInt8(ascii: "{") else { return nil }
        return (position, lineFeed)
    }

    /// Whether `length` bytes at `a` and `b` are equal, 8 at a time.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var offset = 0
        while offset + 8 <= length {
            guard
                UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < length {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }
}
