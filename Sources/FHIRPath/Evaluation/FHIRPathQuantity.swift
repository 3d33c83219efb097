package import Foundation

/// A quantity (N1 §4.1.8): a decimal value and a unit, either a UCUM code (`'mg'`, `'kg/m2'`, `'1'`) or one of the
/// calendar duration keywords of N1 §4.1.8.1, kept in its singular form (`year`, `day`).
package struct FHIRPathQuantity: Sendable, Hashable {
    /// The number.
    package var value: Decimal
    /// The UCUM code or calendar keyword.
    package var unit: String

    /// Creates a quantity.
    package init(value: Decimal, unit: String) {
        self.value = value
        self.unit = unit
    }

    /// The calendar keywords, singular and plural, each to its singular form.
    static func calendarUnit(_ word: String) -> String? {
        switch word {
        case "year", "years": "year"
        case "month", "months": "month"
        case "week", "weeks": "week"
        case "day", "days": "day"
        case "hour", "hours": "hour"
        case "minute", "minutes": "minute"
        case "second", "seconds": "second"
        case "millisecond", "milliseconds": "millisecond"
        default: nil
        }
    }

    /// A unit's dimension and its size in the dimension's base unit: the small table this subset converts between
    /// (docs/expressions.md, "Quantities"). `equivalence` maps the calendar keywords onto their UCUM units, which
    /// `~` does and `=` does only for seconds and milliseconds (N1 §6.1.1 "Quantity Equality", §6.1.2).
    static func dimension(of unit: String, equivalence: Bool) -> (dimension: String, factor: Decimal)? {
        switch unit {
        case "second", "s": ("time", 1)
        case "millisecond", "ms": ("time", Decimal(string: "0.001") ?? 0)
        case "min": ("time", 60)
        case "h": ("time", 3600)
        case "d": ("time", 86_400)
        case "wk": ("time", 604_800)
        case "minute": equivalence ? ("time", 60) : ("minute", 1)
        case "hour": equivalence ? ("time", 3600) : ("hour", 1)
        case "day": equivalence ? ("time", 86_400) : ("day", 1)
        case "week": equivalence ? ("time", 604_800) : ("week", 1)
        case "month", "mo": ("month", 1)
        case "year", "a": ("year", 1)
        case "g": ("mass", 1)
        case "kg": ("mass", 1000)
        case "mg": ("mass", Decimal(string: "0.001") ?? 0)
        case "ug": ("mass", Decimal(string: "0.000001") ?? 0)
        case "[lb_av]": ("mass", Decimal(string: "453.59237") ?? 0)
        case "m": ("length", 1)
        case "cm": ("length", Decimal(string: "0.01") ?? 0)
        case "mm": ("length", Decimal(string: "0.001") ?? 0)
        case "km": ("length", 1000)
        case "[in_i]": ("length", Decimal(string: "0.0254") ?? 0)
        case "[ft_i]": ("length", Decimal(string: "0.3048") ?? 0)
        default: nil
        }
    }

    /// `other`'s value in this quantity's unit, nil when the units cannot be converted: the same unit always can.
    func converted(_ other: FHIRPathQuantity, equivalence: Bool) -> Decimal? {
        if unit == other.unit { return other.value }
        // Calendar years and months equal only themselves under `=`: `1 year = 1 'a'` is false.
        guard let mine = Self.dimension(of: unit, equivalence: equivalence),
            let theirs = Self.dimension(of: other.unit, equivalence: equivalence), mine.dimension == theirs.dimension
        else { return nil }
        if !equivalence, ["year", "month"].contains(unit) || ["year", "month"].contains(other.unit) { return nil }
        return other.value * theirs.factor / mine.factor
    }

    /// `value 'unit'`, the form `toString()` gives (N1 §5.5.8).
    var text: String {
        let number = FHIRPathNumberText.text(value)
        return Self.calendarUnit(unit) == unit ? "\(number) \(unit)" : "\(number) '\(unit)'"
    }
}
