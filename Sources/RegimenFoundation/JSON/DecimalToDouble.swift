/// Correctly rounded conversion of `mantissa × 10^exponent` to a double for the common cases, without text:
/// Clinger's fast path, and exact 128-bit integer arithmetic for 19-digit mantissas (the long decimals CoreMotion
/// recordings hold). Other cases return nil, for the standard library's parser.
enum DecimalToDouble {
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
