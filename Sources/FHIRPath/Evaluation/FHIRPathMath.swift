import Foundation

/// The math functions of N1 §5.7 this subset has: `abs()`, `ceiling()`, `floor()`, `round([precision])`,
/// `truncate()`.
enum FHIRPathMath {
    static func apply(
        _ function: FHIRPathFunction, to item: FHIRPathValue, precision: Int?, _ name: String
    ) throws(FHIRPathEvaluationError) -> FHIRPathValue? {
        if function == .abs {
            switch item {
            case .integer(let number):
                return number == .min ? nil : .integer(Swift.abs(number))
            case .decimal(let number): return .decimal(Swift.abs(number))
            default:
                guard var quantity = item.quantityValue else {
                    throw .wrongType(operation: name, found: item.typeName)
                }
                quantity.value = Swift.abs(quantity.value)
                return .quantity(quantity)
            }
        }
        guard let number = item.decimalValue else { throw .wrongType(operation: name, found: item.typeName) }
        switch function {
        case .round:
            if let precision, precision < 0 { throw .negativeRoundingPrecision(precision) }
            return .decimal(rounded(number, scale: Swift.min(precision ?? 0, 30), .plain))
        case .ceiling: return rounded(number, scale: 0, .up).intValue.map(FHIRPathValue.integer)
        case .floor: return rounded(number, scale: 0, .down).intValue.map(FHIRPathValue.integer)
        default: return number.truncated.intValue.map(FHIRPathValue.integer)
        }
    }

    /// `value` rounded to `scale` digits after the point (`.up` toward +∞, `.down` toward −∞, `.plain` half away
    /// from zero).
    private static func rounded(_ value: Decimal, scale: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, mode)
        return result
    }
}
