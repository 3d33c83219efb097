/// Correctly rounded conversion of `mantissa × 10^exponent` to a double for the common cases, without text:
/// Clinger's fast path, and exact 128-bit integer arithmetic for 19-digit mantissas (the long decimals CoreMotion
/// recordings hold). Other cases return nil, for the standard library's parser.
@usableFromInline
package enum DecimalToDouble {
    /// The nearest double to a number written by JSON's grammar (infinite when it overflows).
    @usableFromInline
    package static func convert(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        if let value = convertShort(text) { return value }
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        // The first 19 significant digits go into the mantissa; later ones only mark truncation.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var truncated = false
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit >= 10 {
                guard byte == UInt8(ascii: "."), !inFraction else { break }
                inFraction = true
                index += 1
                continue
            }
            index += 1
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if mantissa != 0 { significantDigits += 1 }
                if inFraction { exponent -= 1 }
            } else {
                truncated = truncated || digit != 0
                if !inFraction { exponent += 1 }
            }
        }
        if index < text.count { exponent += writtenExponent(text, from: index) }
        if !truncated, let value = exact(mantissa: mantissa, exponent: exponent) {
            return negative ? -value : value
        }
        // Rare: more than 19 significant digits or a large exponent; the standard library rounds correctly.
        return Double(String(decoding: text, as: UTF8.self)) ?? (negative ? -.infinity : .infinity)
    }

    /// The common case quickly: at most 19 digits in all, so they form the mantissa as written (leading zeros add
    /// nothing) and the exponent is minus the fraction's length plus any written exponent; nil otherwise or
    /// outside `exact`'s cases. Gives exactly what the general loop in `convert` gives for these numbers.
    @inline(__always)
    private static func convertShort(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let negative = text[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var mantissa: UInt64 = 0
        var digits = accumulateDigits(text, &index, &mantissa)
        var exponent = 0
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = accumulateDigits(text, &index, &mantissa)
            digits += fraction
            exponent = -fraction
        }
        guard digits <= 19 else { return nil }  // the mantissa may have wrapped: the general loop handles it
        if index < text.count { exponent += writtenExponent(text, from: index) }
        guard let value = exact(mantissa: mantissa, exponent: exponent) else { return nil }
        return negative ? -value : value
    }

    /// The value of the exponent part that starts at `index` (`e` or `E`, an optional sign, digits; the grammar was
    /// checked while scanning), capped in magnitude where no double could need more.
    @inline(__always)
    private static func writtenExponent(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        let negative = text[index] == UInt8(ascii: "-")
        if negative || text[index] == UInt8(ascii: "+") { index += 1 }
        var value = 0
        while index < text.count {
            if value < 100_000 { value = value * 10 + Int(text[index] &- UInt8(ascii: "0")) }
            index += 1
        }
        return negative ? -value : value
    }

    /// Appends the run of digits at `index` to `mantissa` (wrapping past 2^64) and returns how many there were:
    /// 8 at a time while 8 digits follow (SWAR: one 64-bit word holds 8 digits), then one by one.
    @inline(__always)
    private static func accumulateDigits(
        _ text: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ mantissa: inout UInt64
    ) -> Int {
        let start = index
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index &+ 8 <= text.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self))
            let values = word ^ (ones &* 0x30)  // each digit becomes 0...9, the first in the lowest byte
            guard (((values & ~highs) &+ ones &* 0x76) | values) & highs == 0 else { break }  // all 8 are digits
            // Pairs, then fours, then all eight: each step joins neighboring lanes (first × 10^n + second).
            var value = (values &* 10 &+ (values >> 8)) & 0x00FF_00FF_00FF_00FF
            value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
            value = (value &* 10_000 &+ (value >> 32)) & 0xFFFF_FFFF
            mantissa = mantissa &* 100_000_000 &+ value
            index &+= 8
        }
        while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(text[index] &- UInt8(ascii: "0"))
            index &+= 1
        }
        return index - start
    }

    /// Exact powers of ten representable as Double (10^0 … 10^22).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Powers of five 5^0 … 5^27 (all below 2^63).
    private static let powersOfFive: [UInt64] = (0...27).map { power in
        (0..<power).reduce(UInt64(1)) { value, _ in value * 5 }
    }

    /// Powers of ten 10^0 … 10^22 as integers.
    private static let integerPowersOfTen: [UInt128] = (0...22).map { power in
        (0..<power).reduce(UInt128(1)) { value, _ in value * 10 }
    }

    /// `mantissa × 10^exponent` correctly rounded to nearest-even, or nil when outside the fast cases:
    /// Clinger's fast path (mantissa ≤ 2^53, |exponent| ≤ 22), else exact 128-bit integer arithmetic for any
    /// mantissa below 2^64 with exponent in −27…19.
    static func exact(mantissa: UInt64, exponent: Int) -> Double? {
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
        if exponent < 0, exponent >= -27 {
            // m / 10^k = m / (5^k · 2^k), and 5^k < 2^63 (k ≤ 27). With n = m·2^s of exactly 63 + L bits, where
            // 5^k has L bits, q = ⌊n / 5^k⌋ fits 64 bits (one 128-by-64-bit division) and has at least 63 bits:
            // enough for the 53-bit significand plus a rounding bit; the remainder is the sticky bit.
            let divisor = powersOfFive[-exponent]
            let divisorBits = 64 - divisor.leadingZeroBitCount
            let shift = divisorBits - 1 + mantissa.leadingZeroBitCount
            let numerator = UInt128(mantissa) << shift
            let (quotient, remainder) = divisor.dividingFullWidth(
                (high: UInt64(truncatingIfNeeded: numerator >> 64), low: UInt64(truncatingIfNeeded: numerator)))
            return roundToDouble(UInt128(quotient), sticky: remainder != 0, binaryExponent: exponent - shift)
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
