/// Scanning runs of plain bytes 8 at a time (SWAR: one 64-bit word holds 8 bytes, and a few integer operations
/// flag the bytes that end the run). Each scan works only on bytes already buffered and stops before the first
/// byte that ends the run, leaving it (and any refill) to the byte-by-byte code after it.
extension JSONInput {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero; exact for the lowest flagged byte (a borrow can only
    /// flag bytes above a true zero), which is all the scans use.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// The 8 bytes at `position` (at least 8 must be buffered).
    @inline(__always)
    private func word() -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    }

    /// Moves `position` past string bytes that need no attention: not `"`, not `\`, not a control character and
    /// ASCII.
    @inline(__always)
    mutating func skipPlainStringBytes() {
        while position &+ 8 <= count {
            let word = word()
            let quotes = Self.zeroBytes(word ^ (Self.ones &* 0x22))
            let backslashes = Self.zeroBytes(word ^ (Self.ones &* 0x5C))
            let controls = (word &- Self.ones &* 0x20) & ~word & Self.highs
            let stops = quotes | backslashes | controls | (word & Self.highs)
            if stops != 0 {
                position &+= stops.trailingZeroBitCount &>> 3
                return
            }
            position &+= 8
        }
    }

    /// Moves `position` past spaces, 8 bytes at a time while 8 are buffered (the caller reads the rest).
    @inline(__always)
    mutating func skipSpacesInWords() {
        while position &+ 8 <= count {
            let others = word() ^ (Self.ones &* 0x20)  // a space becomes 0
            if others != 0 {
                position &+= others.trailingZeroBitCount &>> 3
                return
            }
            position &+= 8
        }
    }

    /// Moves `position` past ASCII digits, 8 bytes at a time while 8 are buffered (the caller reads the rest).
    @inline(__always)
    mutating func skipDigitsInWords() {
        position = Self.digitWordsEnd(base, from: position, count: count)
    }

    /// Where the run of ASCII digits at `base[start]` ends, reading no byte at or past `count`.
    @inline(__always)
    static func digitRunEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = digitWordsEnd(base, from: start, count: count)
        while index < count, base[index] &- UInt8(ascii: "0") < 10 { index &+= 1 }
        return index
    }

    /// Past the digits at `base[start]` 8 at a time: stops at the first non-digit, or before fewer than 8 bytes remain.
    @inline(__always)
    private static func digitWordsEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let digits = word ^ (ones &* 0x30)  // a digit becomes 0...9
            // A byte is not a digit when it is 10 or more: adding 0x76 to its low 7 bits reaches the high bit
            // (without carrying into the next byte), or its own high bit is set.
            let stops = (((digits & ~highs) &+ ones &* 0x76) | digits) & highs
            if stops != 0 { return index &+ stops.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        return index
    }
}
