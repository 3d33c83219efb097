/// Plain ASCII digit strings: reading small whole numbers and writing them with leading zeros.
package enum DigitText {
    /// A non-negative number written with ASCII digits only ("07" → 7); nil for anything else.
    package static func value(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `value` with leading zeros to `width` digits ("8" → "08").
    package static func padded(_ value: Int, width: Int) -> String {
        let text = String(value.magnitude)
        let padded = String(repeating: "0", count: max(width - text.count, 0)) + text
        return value < 0 ? "-" + padded : padded
    }
}
