/// Correctly rounded conversion of `mantissa × 10^exponent` to a double for the common cases, without text:
/// Clinger's fast path, and exact 128-bit integer arithmetic for 19-digit mantissas (the long decimals CoreMotion
/// recordings hold). Other cases return nil, for the standard library's parser.
enum DecimalToDouble {
    /// The nearest double to a number written by JSON's grammar (infinite when it overflows).
    static func convert(_ text: UnsafeBufferPointer<UInt8>) -> Double {
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
        if index < text.count {  // an exponent: e or E, an optional sign, digits
            index += 1
            let exponentNegative = text[index] == UInt8(ascii: "-")
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            var value = 0
            while index < text.count {
                if value < 100_000 { value = value * 10 + Int(text[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -value : value
        }
        if !truncated, let value = exact(mantissa: mantissa, exponent: exponent) {
            return negative ? -value : value
        }
        // Rare: more than 19 significant digits or a large exponent; the standard library rounds correctly.
        return Double(String(decoding: text, as: UTF8.self)) ?? (negative ? -.infinity : .infinity)
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
    /// mantissa below 2^64 with exponent in −22…19.
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
