/// A number token as scanned: up to 19 significant decimal digits and a decimal exponent, converted only on request.
struct JSONScannedNumber {
    var negative = false
    /// The first 19 significant digits.
    var mantissa: UInt64 = 0
    /// The power of ten `mantissa` is scaled by.
    var exponent = 0
    /// Whether a non-zero digit beyond the 19th was dropped.
    var truncated = false
    /// Written without fraction or exponent.
    var isInteger = true
    /// The token's text is `input.base[start..<end]`.
    var start = 0
    var end = 0
}

/// Numbers: scanning by JSON's grammar in one pass, and converting the last one.
extension JSONReader {
    /// The last number token: an integer when written without fraction or exponent and within `Int`, else a
    /// double; `.numberOutOfRange` when it overflows a double.
    package func number() throws(JSONSyntaxError) -> JSONNumber {
        let scanned = scannedNumber
        if scanned.isInteger {
            if scanned.end - scanned.start <= 18 {
                // At most 18 characters, so at most 18 digits, all kept in `mantissa`, always within Int.
                let whole = Int(scanned.mantissa)
                return .integer(scanned.negative ? -whole : whole)
            }
            if let whole = Int(numberText()) { return .integer(whole) }
        }
        let value = double()
        guard value.isFinite else { throw input.error(.numberOutOfRange, at: scanned.start) }
        return .double(value)
    }

    /// The last number token as the nearest double (correctly rounded; infinite when it overflows).
    package func double() -> Double {
        let scanned = scannedNumber
        if !scanned.truncated, let value = DecimalToDouble.exact(mantissa: scanned.mantissa, exponent: scanned.exponent) {
            return scanned.negative ? -value : value
        }
        // Rare: more than 19 significant digits or a large exponent; the standard library rounds correctly.
        return Double(numberText()) ?? (scanned.negative ? -.infinity : .infinity)
    }

    /// Whether the last number token is certainly finite as a double, without converting it (when false it may
    /// still be: call `double()`).
    package var numberIsSurelyFinite: Bool {
        // Below 10^19 × 10^289 < 10^308.
        !scannedNumber.truncated && scannedNumber.exponent <= 289
    }

    /// The last number token's text.
    private func numberText() -> String {
        String(decoding: UnsafeBufferPointer(start: input.base + scannedNumber.start, count: scannedNumber.end - scannedNumber.start), as: UTF8.self)
    }

    /// Scans a number at `-` or a digit (the token's start), by JSON's grammar.
    mutating func scanNumber() throws(JSONSyntaxError) {
        var number = JSONScannedNumber()
        if input.base[input.position] == UInt8(ascii: "-") {
            number.negative = true
            input.position += 1
        }
        var significantDigits = 0
        // Integer part: "0" or a non-zero digit followed by digits.
        guard let first = input.peek(), first &- UInt8(ascii: "0") < 10 else { throw input.error(.invalidNumber) }
        if first == UInt8(ascii: "0") {
            input.position += 1
        } else {
            scanDigits(into: &number, significantDigits: &significantDigits, inFraction: false)
        }
        // Fraction.
        if input.peek() == UInt8(ascii: ".") {
            number.isInteger = false
            input.position += 1
            let digits = scanDigits(into: &number, significantDigits: &significantDigits, inFraction: true)
            guard digits > 0 else { throw input.error(.invalidNumber) }
        }
        // Exponent.
        if let byte = input.peek(), byte | 0x20 == UInt8(ascii: "e") {
            number.isInteger = false
            input.position += 1
            var exponentNegative = false
            if let sign = input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                input.position += 1
            }
            guard let lead = input.peek(), lead &- UInt8(ascii: "0") < 10 else { throw input.error(.invalidNumber) }
            var value = 0
            while let byte = input.peek(), byte &- UInt8(ascii: "0") < 10 {
                input.position += 1
                if value < 100_000 { value = value * 10 + Int(byte &- UInt8(ascii: "0")) }
            }
            number.exponent += exponentNegative ? -value : value
        }
        number.start = input.tokenStart
        number.end = input.position
        scannedNumber = number
    }

    /// Reads a run of digits into `number` and returns how many there were: the first 19 significant digits go
    /// into the mantissa (each lowering the exponent in a fraction); later ones only mark truncation (each raising
    /// the exponent in the integer part).
    @inline(__always) @discardableResult
    private mutating func scanDigits(
        into number: inout JSONScannedNumber, significantDigits: inout Int, inFraction: Bool
    ) -> Int {
        let start = input.position - input.tokenStart  // a refill moves the token to the front
        while true {
            if input.position == input.count, !input.refill() { break }
            let digit = input.base[input.position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            input.position += 1
            if significantDigits < 19 {
                number.mantissa = number.mantissa &* 10 &+ UInt64(digit)
                if number.mantissa != 0 { significantDigits += 1 }
                if inFraction { number.exponent -= 1 }
            } else {
                number.truncated = number.truncated || digit != 0
                if !inFraction { number.exponent += 1 }
            }
        }
        return input.position - input.tokenStart - start
    }
}
