import Foundation
import RegimenFoundation
import Testing

/// `FixedDecimalText` replaces `String(format: "%.Nf")` where start-up matters: it must write the same text.
@Suite("Fixed-decimal text")
struct FixedDecimalTextTests {
    @Test("the same text as String(format:) for ties, signs, tiny and huge values, 0 to 9 decimals")
    func sameAsFormat() {
        var random = SplitMix64(seed: 0xF1DEC)
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0625, 1e-7, -1e-7, 123_456.789_012_5, 1e22, -1.797e308, 5e-324,
        ]
        values += (0..<500).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        values += (0..<500).map { _ in Double(Int64(bitPattern: random.next()) % 2_000_000) / 1_000 }
        for value in values {
            for decimals in 0...9 {
                #expect(
                    FixedDecimalText.text(value, decimals: decimals) == String(format: "%.\(decimals)f", value),
                    "\(value)")
            }
        }
    }
}
