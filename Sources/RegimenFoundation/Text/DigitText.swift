/// Plain ASCII digit strings: reading small whole numbers and writing them with leading zeros.
package enum DigitText {
    /// A non-negative number written with ASCII digits only ("07" → 7); nil for anything else.
    package static func value(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `value` with leading zeros to `width` digits ("8" → "08").
    package static func padded(_ value: Int, width: Int) -> String {
        text { append(value, width: width, to: &$0) }
    }

    /// The text `write` appends to an empty byte buffer: how the date texts make a `String` of their byte writers.
    package static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` in ASCII digits with leading zeros to `width` digits (a `-` first when negative) to `bytes`,
    /// without making a `String` on the way: the one digit writer of every date text and database field.
    package static func append(_ value: Int, width: Int = 1, to bytes: inout [UInt8]) {
        var magnitude = value.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let digits = max(count, width)
        if value < 0 { bytes.append(0x2D) }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(0x30, count: digits))
        var position = end
        while magnitude > 0 {
            position -= 1
            bytes[position] = 0x30 + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
    }
}
