import Foundation

/// The conversion functions (N1 §5.5.2–5.5.9): a value converted when the table of its section allows, otherwise
/// nothing (the empty collection).
enum FHIRPathConversion {
    static func convert(_ item: FHIRPathValue, _ function: FHIRPathFunction) -> FHIRPathValue? {
        switch function {
        case .toBoolean:
            switch item {
            case .boolean: return item
            case .integer(let number): return number == 1 ? .boolean(true) : number == 0 ? .boolean(false) : nil
            case .decimal(let number): return number == 1 ? .boolean(true) : number == 0 ? .boolean(false) : nil
            case .string(let text):
                switch text.lowercased() {
                case "true", "t", "yes", "y", "1", "1.0": return .boolean(true)
                case "false", "f", "no", "n", "0", "0.0": return .boolean(false)
                default: return nil
                }
            default: return nil
            }
        case .toInteger:
            switch item {
            case .integer: return item
            case .boolean(let flag): return .integer(flag ? 1 : 0)
            case .string(let text):
                guard isNumber(text, fraction: false) else { return nil }
                return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text).map(FHIRPathValue.integer)
            default: return nil
            }
        case .toDecimal:
            switch item {
            case .integer(let number): return .decimal(Decimal(number))
            case .decimal: return item
            case .boolean(let flag): return .decimal(flag ? 1 : 0)
            case .string(let text):
                guard isNumber(text, fraction: true) else { return nil }
                return FHIRPathNumberText.decimal(text).map(FHIRPathValue.decimal)
            default: return nil
            }
        case .toString: return text(of: item).map(FHIRPathValue.string)
        case .toDate:
            switch item {
            case .date: return item
            case .dateTime(let dateTime): return .date(dateTime.date)
            case .string(let text): return FHIRPathTemporalText.date(text).map(FHIRPathValue.date)
            default: return nil
            }
        case .toDateTime:
            switch item {
            case .dateTime: return item
            case .date(let date): return .dateTime(FHIRPathDateTime(date: date))
            case .string(let text): return FHIRPathTemporalText.fhirDateTime(text).map(FHIRPathValue.dateTime)
            default: return nil
            }
        case .toTime:
            switch item {
            case .time: return item
            case .string(let text): return FHIRPathTemporalText.time(text).map(FHIRPathValue.time)
            default: return nil
            }
        default: return nil
        }
    }

    /// A value as `toString()` writes it (N1 §5.5.8); nil for elements.
    static func text(of item: FHIRPathValue) -> String? {
        switch item {
        case .boolean(let flag): flag ? "true" : "false"
        case .string(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): FHIRPathNumberText.text(number)
        case .date(let date): date.text
        case .dateTime(let dateTime): dateTime.text
        case .time(let time): time.text
        case .quantity(let quantity): quantity.text
        case .element(let element): element.quantity?.text
        }
    }

    /// `(\+|-)?\d+(\.\d+)?`, the fraction only when `fraction` (N1 §5.5.3, §5.5.6).
    private static func isNumber(_ text: String, fraction: Bool) -> Bool {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || (fraction && parts.count == 2) else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }
}
