import Foundation

/// Numbers as FHIRPath writes them (`toString()`, N1 §5.5.8): integers in decimal digits, decimals with a point and
/// no exponent; and decimal text read back, whatever the process's locale.
enum FHIRPathNumberText {
    /// The locale decimal text is read in, made once for the process rather than for each number.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The decimal `text` spells (`72.5`, `-0.25`), read with a point whatever the locale; nil when it spells none.
    static func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: posix)
    }

    /// A decimal's digits: `1.5`, `-0.25`, `3`.
    static func text(_ value: Decimal) -> String {
        var value = value
        var rounded = Decimal()
        // 38 significant digits at most, as many as Foundation's decimal holds after a division.
        NSDecimalRound(&rounded, &value, 30, .plain)
        return rounded.description
    }
}
