import Foundation

/// An exact decimal number read from text: `digits` × 10^(−scale), with a sign.
///
/// Used instead of `Double` arithmetic wherever ResearchKit rounds through a number formatter, so that
/// typed "0.125" rounds half-even to "0.12" exactly as `NSNumberFormatter` does (docs/answer-formats.md, "Scales").
struct DecimalText: Hashable, Sendable {
    /// Whether the number is below zero (never set for zero).
    private(set) var isNegative: Bool
    /// The decimal digits without sign or point; never empty.
    private(set) var digits: [UInt8]
    /// How many of `digits` are after the decimal point.
    private(set) var scale: Int

    private init(isNegative: Bool, digits: [UInt8], scale: Int) {
        self.isNegative = isNegative
        self.digits = digits.isEmpty ? [0] : digits
        self.scale = scale
        if self.digits.allSatisfy({ $0 == 0 }) { self.isNegative = false }
    }

    /// Reads what a participant types: optional sign, digits, optional point and digits ("72", "-0.5", ".5").
    /// No exponent, no grouping separators.
    init?(typed text: String) {
        var scalars = Substring(text)
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" || first == "−" {
            negative = first != "+"
            scalars = scalars.dropFirst()
        }
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        var seenPoint = false
        for character in scalars {
            if character == "." {
                if seenPoint { return nil }
                seenPoint = true
            } else if let ascii = character.asciiValue, ascii >= 48, ascii <= 57 {
                if seenPoint { fraction.append(ascii - 48) } else { whole.append(ascii - 48) }
            } else {
                return nil
            }
        }
        guard !(whole.isEmpty && fraction.isEmpty) else { return nil }
        self.init(isNegative: negative, digits: whole + fraction, scale: fraction.count)
    }

    /// The shortest decimal that reads back as `value` (Swift's `description`); nil for NaN and infinities.
    init?(_ value: Double) {
        guard value.isFinite else { return nil }
        let text = "\(value.magnitude)"
        let parts = text.split(separator: "e", maxSplits: 1)
        guard let mantissa = parts.first, var parsed = DecimalText(typed: String(mantissa)) else { return nil }
        if parts.count == 2 {
            guard let exponent = Int(parts[1].replacingOccurrences(of: "+", with: "")) else { return nil }
            parsed = parsed.shifted(byPowerOfTen: exponent)
        }
        self.init(isNegative: value < 0, digits: parsed.digits, scale: parsed.scale)
    }

    /// Whether the value has no non-zero digit after the point.
    var isWhole: Bool { digits.suffix(scale).allSatisfy { $0 == 0 } }

    /// How many digits after the point are needed ("72.50" → 1).
    var significantFractionDigits: Int {
        let fraction = digits.suffix(scale)
        guard let last = fraction.lastIndex(where: { $0 != 0 }) else { return 0 }
        return last - fraction.startIndex + 1
    }

    /// The integer value when whole and representable as `Int`.
    var integerValue: Int? {
        guard isWhole else { return nil }
        return Int(rounded(toFractionDigits: 0).plainText)
    }

    /// The nearest `Double`.
    var doubleValue: Double { Double(plainText) ?? 0 }

    /// The value multiplied by 10^power, exactly.
    func shifted(byPowerOfTen power: Int) -> DecimalText {
        var newDigits = digits
        var newScale = scale - power
        if newScale < 0 {
            newDigits += Array(repeating: 0, count: -newScale)
            newScale = 0
        }
        return DecimalText(isNegative: isNegative, digits: newDigits, scale: newScale)
    }

    /// Rounded to at most `fractionDigits` digits after the point, ties to even (`NSNumberFormatter`'s default).
    func rounded(toFractionDigits fractionDigits: Int) -> DecimalText {
        let kept = max(fractionDigits, 0)
        guard scale > kept else { return self }
        let drop = scale - kept
        var padded = digits
        if padded.count <= drop { padded = Array(repeating: 0, count: drop - padded.count + 1) + padded }
        var head = Array(padded.dropLast(drop))
        let tail = padded.suffix(drop)
        let first = tail.first ?? 0
        let restNonZero = tail.dropFirst().contains { $0 != 0 }
        let lastKept = head.last ?? 0
        let roundUp = first > 5 || (first == 5 && (restNonZero || lastKept % 2 == 1))
        if roundUp {
            var index = head.count - 1
            while index >= 0 {
                if head[index] == 9 {
                    head[index] = 0
                    index -= 1
                } else {
                    head[index] += 1
                    break
                }
            }
            if index < 0 { head.insert(1, at: 0) }
        }
        return DecimalText(isNegative: isNegative, digits: head, scale: kept)
    }

    /// The number with exactly `fractionDigits` digits after the point (rounded half-even), e.g. "0.50".
    func fixed(fractionDigits: Int) -> String {
        rounded(toFractionDigits: fractionDigits).text(minimumFractionDigits: max(fractionDigits, 0))
    }

    /// The number without trailing fraction zeros, e.g. "72.5", "30", "-0.25".
    var plainText: String { text(minimumFractionDigits: 0) }

    private func text(minimumFractionDigits: Int) -> String {
        var padded = digits
        if padded.count <= scale { padded = Array(repeating: 0, count: scale - padded.count + 1) + padded }
        let whole = String(decoding: padded.dropLast(scale).drop { $0 == 0 }.map { $0 + 48 }, as: UTF8.self)
        var fraction = Array(padded.suffix(scale))
        while fraction.count > minimumFractionDigits, fraction.last == 0 { fraction.removeLast() }
        while fraction.count < minimumFractionDigits { fraction.append(0) }
        let sign = isNegative ? "-" : ""
        let wholeText = whole.isEmpty ? "0" : whole
        guard !fraction.isEmpty else { return sign + wholeText }
        return sign + wholeText + "." + String(decoding: fraction.map { $0 + 48 }, as: UTF8.self)
    }
}

extension DecimalText {
    /// A plain rendering of a Double for messages and descriptions: "30", "72.5", "0.001".
    static func plain(_ value: Double) -> String {
        DecimalText(value)?.plainText ?? "\(value)"
    }
}
