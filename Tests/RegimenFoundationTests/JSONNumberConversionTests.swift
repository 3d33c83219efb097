import RegimenFoundation
import Testing

@Suite("JSON reader: numbers convert to the nearest double")
struct JSONNumberConversionTests {
    /// The reader's double for `text`, read as a whole document.
    static func readDouble(_ text: String) throws -> Double {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            _ = try reader.next()
            return reader.double()
        }
    }

    @Test("decimals of 1 to 25 digits with exponents -40...30 give the standard library's correctly rounded double")
    func matchesStandardLibrary() throws {
        // Deterministic pseudo-random digits (a 64-bit LCG), covering the fast paths (19 digits or fewer, the
        // 128-by-64-bit division for negative exponents down to -27) and the fallbacks beyond them.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func nextDigit() -> Character {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Character(String((state >> 60) % 10))
        }
        var checked = 0
        for length in 1...25 {
            for pointAt in 0...length {
                for exponent in stride(from: -40, through: 30, by: 7) {
                    var digits = String((0..<length).map { _ in nextDigit() })
                    if digits.first == "0" { digits = "7" + digits.dropFirst() }  // JSON has no leading zeros
                    let text =
                        pointAt == 0 || pointAt == length
                        ? digits : String(digits.prefix(pointAt)) + "." + String(digits.dropFirst(pointAt))
                    for written in ["-" + text, "0.000" + digits, text + "e\(exponent)", "-" + text + "E\(exponent)"] {
                        let expected = try #require(Double(written))
                        #expect(try Self.readDouble(written).bitPattern == expected.bitPattern, "\(written)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 3_000)
    }

    @Test("long fractions of recorded quaternions (17 significant digits, small exponents) round correctly")
    func recordedComponents() throws {
        for text in [
            "0.12345678901234567", "-0.9999999999999999", "1.2345678901234567e-05", "-4.440892098500626e-16",
            "9.869604401089358e-09", "0.0043633231299858", "80512.44700000001", "1767261600.0100002",
        ] {
            #expect(try Self.readDouble(text).bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }
}
