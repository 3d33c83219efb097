/// Where the last number token's text is, and its shape; the value is worked out only when asked for.
@usableFromInline
struct JSONScannedNumber {
    /// The token's text is `input.base[start..<end]`.
    @usableFromInline var start = 0
    @usableFromInline var end = 0
    /// Written without fraction or exponent.
    @usableFromInline var isInteger = true
    /// Written with an exponent.
    @usableFromInline var hasExponent = false
}

/// Numbers: checking JSON's grammar while scanning (nothing is converted), and converting the last one on request.
extension JSONReader {
    /// The last number token: an integer when written without fraction or exponent and within `Int`, else a
    /// double; `.numberOutOfRange` when it overflows a double.
    package func number() throws(JSONSyntaxError) -> JSONNumber {
        let scanned = scannedNumber
        let text = numberBytes
        if scanned.isInteger {
            if text.count <= 18 {
                // At most 18 characters, so at most 18 digits: always within Int.
                let negative = text[0] == UInt8(ascii: "-")
                var whole = 0
                for byte in text[(negative ? 1 : 0)...] { whole = whole &* 10 &+ Int(byte &- UInt8(ascii: "0")) }
                return .integer(negative ? -whole : whole)
            }
            if let whole = Int(String(decoding: text, as: UTF8.self)) { return .integer(whole) }
        }
        let value = DecimalToDouble.convert(text)
        guard value.isFinite else { throw input.error(.numberOutOfRange, at: scanned.start) }
        return .double(value)
    }

    /// The last number token as the nearest double (correctly rounded; infinite when it overflows). Mutating
    /// (though it changes nothing) so that callers in other modules pass the reader by address, not a copy.
    @inlinable
    package mutating func double() -> Double {
        DecimalToDouble.convert(numberBytes)
    }

    /// Whether the last number token is certainly finite as a double, without converting it (when false it may
    /// still be: call `double()`).
    @inlinable
    package var numberIsSurelyFinite: Bool {
        mutating get {
            // Without an exponent, fewer than 300 characters are below 10^300.
            !scannedNumber.hasExponent && scannedNumber.end - scannedNumber.start < 300
        }
    }

    /// The last number token's text.
    @usableFromInline
    var numberBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: input.base + scannedNumber.start, count: scannedNumber.end - scannedNumber.start)
    }

    /// Scans a number at `-` or a digit (the token's start), by JSON's grammar.
    mutating func scanNumber() throws(JSONSyntaxError) {
        var number = JSONScannedNumber()
        if input.base[input.position] == UInt8(ascii: "-") { input.position += 1 }
        // Integer part: "0" or a non-zero digit followed by digits.
        guard let first = input.peek(), first &- UInt8(ascii: "0") < 10 else { throw input.error(.invalidNumber) }
        input.position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if input.peek() == UInt8(ascii: ".") {
            number.isInteger = false
            input.position += 1
            guard skipDigits() > 0 else { throw input.error(.invalidNumber) }
        }
        if let byte = input.peek(), byte | 0x20 == UInt8(ascii: "e") {
            number.isInteger = false
            number.hasExponent = true
            input.position += 1
            if let sign = input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { input.position += 1 }
            guard skipDigits() > 0 else { throw input.error(.invalidNumber) }
        }
        number.start = input.tokenStart
        number.end = input.position
        scannedNumber = number
    }

    /// Skips a run of digits and returns how many there were.
    @inline(__always) @discardableResult
    private mutating func skipDigits() -> Int {
        let start = input.position - input.tokenStart  // a refill moves the token to the front
        input.skipDigitsInWords()
        while true {
            if input.position == input.count, !input.refill() { break }
            guard input.base[input.position] &- UInt8(ascii: "0") < 10 else { break }
            input.position += 1
        }
        return input.position - input.tokenStart - start
    }
}
