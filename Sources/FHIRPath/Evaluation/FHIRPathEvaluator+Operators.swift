import Foundation

/// The binary operators (N1 §6): equality, comparison, collections, Boolean logic, math and date arithmetic.
extension FHIRPathEvaluator {
    func binary(
        _ op: FHIRPathOperator, _ left: [FHIRPathValue], _ right: [FHIRPathValue]
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        let name = "'\(op.rawValue)'"
        switch op {
        case .equal, .notEqual:
            guard !left.isEmpty, !right.isEmpty else { return [] }
            guard let equal = collectionsEqual(left, right) else { return [] }
            return [.boolean(equal == (op == .equal))]
        case .equivalent, .notEquivalent:
            return [.boolean(collectionsEquivalent(left, right) == (op == .equivalent))]
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard let a = try singleton(left, name), let b = try singleton(right, name) else { return [] }
            guard let known = comparison.order(a, b) else {
                throw .incompatibleTypes(operation: name, left: a.typeName, right: b.typeName)
            }
            guard let order = known else { return [] }
            let result =
                switch op {
                case .less: order == .orderedAscending
                case .greater: order == .orderedDescending
                case .lessOrEqual: order != .orderedDescending
                default: order != .orderedAscending
                }
            return [.boolean(result)]
        case .union: return try union(left, right)
        case .in, .contains:
            let (item, collection) = op == .in ? (left, right) : (right, left)
            guard let element = try singleton(item, name) else { return [] }
            return [.boolean(collection.contains { comparison.equal($0, element) == true })]
        case .and, .or, .xor, .implies:
            return logic(op, try boolean(left, name), try boolean(right, name)).map { [.boolean($0)] } ?? []
        case .concatenate:
            let a = try string(left, name) ?? ""
            let b = try string(right, name) ?? ""
            return [try bounded(a + b)]
        case .plus, .minus, .times, .divide, .div, .mod:
            guard let a = try singleton(left, name), let b = try singleton(right, name) else { return [] }
            return try arithmetic(op, a, b).map { [$0] } ?? []
        }
    }

    /// `=` on whole collections: the same count and pairwise equal in order (N1 §6.1.1); nil when a pair is unknown.
    func collectionsEqual(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) -> Bool? {
        guard left.count == right.count else { return false }
        var unknown = false
        for (a, b) in zip(left, right) {
            switch comparison.equal(a, b) {
            case false?: return false
            case nil: unknown = true
            case true?: break
            }
        }
        return unknown ? nil : true
    }

    /// `~` on whole collections: the same count and each item equivalent to one of the other's, in any order
    /// (N1 §6.1.2); two empty collections are equivalent.
    func collectionsEquivalent(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) -> Bool {
        guard left.count == right.count else { return false }
        var unmatched = right
        for item in left {
            guard let match = unmatched.firstIndex(where: { comparison.equivalent(item, $0) }) else { return false }
            unmatched.remove(at: match)
        }
        return true
    }

    /// `|` and `union()`: the items of both, without duplicates by `=` (N1 §6.4.1).
    func union(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        distinct(try bounded(left + right))
    }

    /// The items without later duplicates by `=`.
    func distinct(_ items: [FHIRPathValue]) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        for item in items where !result.contains(where: { comparison.equal($0, item) == true }) { result.append(item) }
        return result
    }

    /// Three-valued logic (N1 §6.5): nil is unknown.
    private func logic(_ op: FHIRPathOperator, _ a: Bool?, _ b: Bool?) -> Bool? {
        switch op {
        case .and:
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .or:
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        case .xor:
            guard let a, let b else { return nil }
            return a != b
        default:  // implies
            if a == false || b == true { return true }
            return a == true && b == false ? false : nil
        }
    }

    /// Math on two items (N1 §6.6) and date arithmetic (N1 §6.7); nil (empty) for division by zero and overflow.
    private func arithmetic(
        _ op: FHIRPathOperator, _ a: FHIRPathValue, _ b: FHIRPathValue
    ) throws(FHIRPathEvaluationError) -> FHIRPathValue? {
        let name = "'\(op.rawValue)'"
        let mismatch = FHIRPathEvaluationError.incompatibleTypes(operation: name, left: a.typeName, right: b.typeName)
        switch (a, b) {
        case (.integer(let x), .integer(let y)):
            switch op {
            case .plus: return Self.checked(x.addingReportingOverflow(y))
            case .minus: return Self.checked(x.subtractingReportingOverflow(y))
            case .times: return Self.checked(x.multipliedReportingOverflow(by: y))
            case .divide: return y == 0 ? nil : .decimal(Decimal(x) / Decimal(y))
            case .div: return y == 0 ? nil : Self.checked(x.dividedReportingOverflow(by: y))
            default: return y == 0 ? nil : Self.checked(x.remainderReportingOverflow(dividingBy: y))
            }
        case (.string(let x), .string(let y)):
            guard op == .plus else { throw mismatch }
            return try bounded(x + y)
        default: break
        }
        if let x = a.decimalValue, let y = b.decimalValue {
            switch op {
            case .plus: return .decimal(x + y)
            case .minus: return .decimal(x - y)
            case .times: return .decimal(x * y)
            case .divide: return y == 0 ? nil : .decimal(x / y)
            case .div: return y == 0 ? nil : (x / y).truncated.intValue.map(FHIRPathValue.integer)
            default: return y == 0 ? nil : .decimal(x - y * (x / y).truncated)
            }
        }
        switch a {
        case .date, .dateTime, .time:
            guard op == .plus || op == .minus, let quantity = b.quantityValue else { throw mismatch }
            guard let moved = try FHIRPathDateArithmetic.add(quantity, to: a, subtracting: op == .minus) else {
                throw .notADuration(unit: quantity.unit, operation: name)
            }
            return moved
        default: break
        }
        return try quantityArithmetic(op, a, b, mismatch)
    }

    /// Quantities added, subtracted, scaled and divided (N1 §6.6): units converted for `+` and `-`, written as UCUM
    /// products and quotients for `*` and `/` (`'kg'` / `'m'` is `'kg/m'`).
    private func quantityArithmetic(
        _ op: FHIRPathOperator, _ a: FHIRPathValue, _ b: FHIRPathValue, _ mismatch: FHIRPathEvaluationError
    ) throws(FHIRPathEvaluationError) -> FHIRPathValue? {
        switch (a.quantityValue, b.quantityValue, a.decimalValue, b.decimalValue) {
        case (let x?, let y?, _, _):
            switch op {
            case .plus, .minus:
                guard let converted = x.converted(y, equivalence: false) else { return nil }
                return .quantity(
                    FHIRPathQuantity(value: op == .plus ? x.value + converted : x.value - converted, unit: x.unit))
            case .times:
                return .quantity(FHIRPathQuantity(value: x.value * y.value, unit: Self.product(x.unit, y.unit)))
            case .divide:
                guard y.value != 0 else { return nil }
                let unit = x.unit == y.unit ? "1" : Self.quotient(x.unit, y.unit)
                return .quantity(FHIRPathQuantity(value: x.value / y.value, unit: unit))
            default: throw mismatch
            }
        case (let x?, nil, _, let y?):
            switch op {
            case .times: return .quantity(FHIRPathQuantity(value: x.value * y, unit: x.unit))
            case .divide: return y == 0 ? nil : .quantity(FHIRPathQuantity(value: x.value / y, unit: x.unit))
            default: throw mismatch
            }
        case (nil, let y?, let x?, _):
            guard op == .times else { throw mismatch }
            return .quantity(FHIRPathQuantity(value: x * y.value, unit: y.unit))
        default: throw mismatch
        }
    }

    private static func product(_ a: String, _ b: String) -> String {
        a == "1" ? b : b == "1" ? a : "\(a).\(b)"
    }

    private static func quotient(_ a: String, _ b: String) -> String {
        b == "1" ? a : b.contains(where: { "./".contains($0) }) ? "\(a)/(\(b))" : "\(a)/\(b)"
    }

    private static func checked(_ result: (partialValue: Int, overflow: Bool)) -> FHIRPathValue? {
        result.overflow ? nil : .integer(result.partialValue)
    }
}
