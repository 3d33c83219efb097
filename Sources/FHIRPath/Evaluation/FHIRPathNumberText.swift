import Foundation

/// Numbers as FHIRPath writes them (`toString()`, N1 §5.5.8): integers in decimal digits, decimals with a point and
/// no exponent.
enum FHIRPathNumberText {
    /// A decimal's digits: `1.5`, `-0.25`, `3`.
    static func text(_ value: Decimal) -> String {
        var value = value
        var rounded = Decimal()
        // 38 significant digits at most, as many as Foundation's decimal holds after a division.
        NSDecimalRound(&rounded, &value, 30, .plain)
        return rounded.description
    }
}
