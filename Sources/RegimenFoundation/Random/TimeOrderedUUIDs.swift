package import Foundation

/// Version 7 UUIDs (RFC 9562, section 5.7) for new rows: the first 48 bits are a time in Unix milliseconds, the rest
/// random, so rows made in time order get keys in the same order and a B-tree index takes each at its right edge
/// instead of at a random page (docs/carekit-store.md, "Row identifiers").
package struct TimeOrderedUUIDs<Random: RandomNumberGenerator> {
    private var random: Random
    private var lastMilliseconds: UInt64?
    private var lastCounter: UInt64 = 0

    /// A generator drawing its random bits from `random`.
    package init(random: Random) {
        self.random = random
    }

    /// A UUID whose time field is `date` in whole Unix milliseconds (clamped to the 48-bit field, so a date before
    /// 1970 gives 0). Within one millisecond the 12 bits after the version count up from a random start (RFC 9562,
    /// section 6.2, method 1), so UUIDs made at one time still sort in the order they were made until the count runs
    /// out; the last 62 bits are random either way.
    package mutating func make(at date: Date) -> UUID {
        let milliseconds = Self.milliseconds(date)
        var counter = random.next() & 0xFFF
        if milliseconds == lastMilliseconds, lastCounter < 0xFFF {
            counter = lastCounter + 1
        }
        lastMilliseconds = milliseconds
        lastCounter = counter
        let high = milliseconds << 16 | 0x7000 | counter
        let low = random.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { bytes in
            UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }

    /// `date` in whole milliseconds since 1970 (rounded down), within [0, 2⁴⁸).
    private static func milliseconds(_ date: Date) -> UInt64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value > 0 else { return 0 }  // also NaN
        return value < 0x1_0000_0000_0000 ? UInt64(value) : 0xFFFF_FFFF_FFFF
    }
}

extension TimeOrderedUUIDs where Random == SystemRandomBuffer {
    /// A generator drawing its random bits from the system's secure generator, a few KiB at a time (for many UUIDs).
    package init() {
        self.init(random: SystemRandomBuffer())
    }
}

extension TimeOrderedUUIDs where Random == SystemRandomNumberGenerator {
    /// One UUID of `date`, its random bits asked of the system's secure generator directly.
    package static func single(at date: Date) -> UUID {
        var uuids = TimeOrderedUUIDs(random: SystemRandomNumberGenerator())
        return uuids.make(at: date)
    }
}
