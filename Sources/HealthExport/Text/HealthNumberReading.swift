import RegimenFoundation

/// Reads a decimal number (`-122.426`, `2.4e-3`) from bytes, refusing anything else — `nan`, `inf`, hex, spaces —
/// and numbers too large for a double, where the export requires a number (docs/health-export.md, "Reading errors").
package enum HealthNumberReading {
    /// The number written in `bytes`, or nil.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count > 0, bytes.count <= 64 else { return nil }
        var index = 0
        if bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
        var digits = 0
        while index < bytes.count, bytes[index] &- 0x30 < 10 {
            index += 1
            digits += 1
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            while index < bytes.count, bytes[index] &- 0x30 < 10 {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < bytes.count, bytes[index] | 0x20 == 0x65 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
            var exponentDigits = 0
            while index < bytes.count, bytes[index] &- 0x30 < 10 {
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        // JSON's number grammar (no `+`, a digit before and after a point) goes to the shared correctly rounded
        // conversion; the rare other spellings to the standard library's parser.
        let jsonGrammar =
            bytes[0] != 0x2B && bytes[bytes[0] == 0x2D ? 1 : 0] != 0x2E
            && !bytes.indices.dropLast().contains { bytes[$0] == 0x2E && bytes[$0 + 1] &- 0x30 >= 10 }
            && bytes[bytes.count - 1] != 0x2E
        let value = jsonGrammar ? DecimalToDouble.convert(bytes) : Double(Substring(decoding: bytes, as: UTF8.self))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }
}
