import Foundation

/// `sum()`, `min()`, `max()` and `avg()`: not in N1 (its §7 has only `aggregate()`), defined by the FHIRPath
/// continuous build and by fhirpathpy, which Regimen follows (docs/expressions.md, "Aggregates"): `sum()` of nothing
/// is 0, the others of nothing are empty; items must be numbers (or, for `min()` and `max()`, mutually comparable).
enum FHIRPathAggregate {
    static func apply(
        _ function: FHIRPathFunction, to items: [FHIRPathValue], _ comparison: FHIRPathComparison, _ name: String
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        switch function {
        case .sum, .avg:
            if items.isEmpty { return function == .sum ? [.integer(0)] : [] }
            var allIntegers = true
            var integerTotal = 0
            var total = Decimal(0)
            for item in items {
                guard let number = item.decimalValue else { throw .wrongType(operation: name, found: item.typeName) }
                if case .integer(let whole) = item, allIntegers {
                    let (sum, overflow) = integerTotal.addingReportingOverflow(whole)
                    if overflow { return [] }
                    integerTotal = sum
                } else {
                    allIntegers = false
                }
                total += number
            }
            if function == .avg { return [.decimal(total / Decimal(items.count))] }
            return [allIntegers ? .integer(integerTotal) : .decimal(total)]
        default:
            guard var best = items.first else { return [] }
            for item in items.dropFirst() {
                guard let known = comparison.order(item, best) else {
                    throw .incompatibleTypes(operation: name, left: item.typeName, right: best.typeName)
                }
                guard let order = known else { return [] }
                if (function == .min && order == .orderedAscending) || (function == .max && order == .orderedDescending)
                {
                    best = item
                }
            }
            return [best]
        }
    }
}
