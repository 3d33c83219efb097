/// The summary's number text (docs/health-export.md, "`regimen health summary`"): rounded half away from zero to a
/// number of decimals, trailing zeros and a bare point dropped (`8123.5`, `7`, `0.333`).
package enum HealthNumberText {
    /// A non-negative value rounded to `decimals` places. The value is nudged by one part in 10¹² before rounding,
    /// so a decimal half that binary floating point holds a hair low (2.675) still rounds up.
    package static func text(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = (abs(value) * scale * (1 + 1e-12)).rounded(.toNearestOrAwayFromZero)
        let scaled = Int64(value < 0 ? -magnitude : magnitude)
        return text(scaled: scaled, decimals: decimals)
    }

    /// Elapsed seconds as hours to 3 decimals, rounded half up in integer arithmetic (exact for every whole second).
    package static func hours(seconds: Int64) -> String {
        let negative = seconds < 0
        let thousandths = (abs(seconds) * 2_000 + 3_600) / 7_200
        return text(scaled: negative ? -thousandths : thousandths, decimals: 3)
    }

    /// An integer count of 10⁻ᵈᵉᶜⁱᵐᵃˡˢ as decimal text without trailing zeros.
    private static func text(scaled: Int64, decimals: Int) -> String {
        var unit: Int64 = 1
        for _ in 0..<decimals { unit *= 10 }
        let whole = abs(scaled) / unit
        var fraction = abs(scaled) % unit
        var digits = decimals
        while digits > 0 && fraction % 10 == 0 && fraction != 0 {
            fraction /= 10
            digits -= 1
        }
        let sign = scaled < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
