import Foundation
import RegimenFoundation

/// The functions (N1 §5, docs/expressions.md, "Functions"). Each takes the collection in focus and its arguments;
/// arguments of `where`, `select`, `exists`, `all` and `repeat` are evaluated once per item with `$this` that item,
/// the others once, where the call is.
extension FHIRPathEvaluator {
    func call(
        _ function: FHIRPathFunction, on input: [FHIRPathValue], arguments: [FHIRPathNode], in scope: Scope
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        let name = function.name + "()"
        /// The argument at `index`, evaluated where the call is.
        func argument(_ index: Int) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
            try evaluate(arguments[index], in: scope)
        }
        /// The argument at `index` evaluated for each item.
        func perItem(_ index: Int) throws(FHIRPathEvaluationError) -> [[FHIRPathValue]] {
            var results: [[FHIRPathValue]] = []
            results.reserveCapacity(input.count)
            for (position, item) in input.enumerated() {
                results.append(try evaluate(arguments[index], in: Scope(this: [item], index: position)))
            }
            return results
        }
        /// The focus as one string, nil when empty.
        func text() throws(FHIRPathEvaluationError) -> String? { try string(input, name) }

        switch function {
        case .empty: return [.boolean(input.isEmpty)]
        case .exists:
            guard !arguments.isEmpty else { return [.boolean(!input.isEmpty)] }
            let matches = try perItem(0)
            for result in matches where try boolean(result, name) == true { return [.boolean(true)] }
            return [.boolean(false)]
        case .all:
            for result in try perItem(0) where try boolean(result, name) != true { return [.boolean(false)] }
            return [.boolean(true)]
        case .allTrue, .anyTrue, .allFalse, .anyFalse:
            var flags: [Bool] = []
            for item in input {
                guard case .boolean(let flag) = item else { throw .wrongType(operation: name, found: item.typeName) }
                flags.append(flag)
            }
            switch function {
            case .allTrue: return [.boolean(flags.allSatisfy { $0 })]
            case .anyTrue: return [.boolean(flags.contains(true))]
            case .allFalse: return [.boolean(flags.allSatisfy { !$0 })]
            default: return [.boolean(flags.contains(false))]
            }
        case .count: return [.integer(input.count)]
        case .distinct: return distinct(input)
        case .isDistinct: return [.boolean(distinct(input).count == input.count)]
        case .where:
            var kept: [FHIRPathValue] = []
            for (item, result) in zip(input, try perItem(0)) where try boolean(result, name) == true {
                kept.append(item)
            }
            return kept
        case .select:
            var selected: [FHIRPathValue] = []
            for result in try perItem(0) { selected += try bounded(result) }
            return try bounded(selected)
        case .repeat: return try repeated(input, arguments[0])
        case .ofType(let type): return input.filter(type.matches)
        case .is(let type):
            guard let item = try singleton(input, name) else { return [] }
            return [.boolean(type.matches(item))]
        case .as(let type):
            guard let item = try singleton(input, name) else { return [] }
            return type.matches(item) ? [item] : []
        case .single: return try singleton(input, name).map { [$0] } ?? []
        case .first: return input.first.map { [$0] } ?? []
        case .last: return input.last.map { [$0] } ?? []
        case .tail: return Array(input.dropFirst())
        case .skip:
            guard let count = try integer(try argument(0), name) else { return input }
            return count <= 0 ? input : Array(input.dropFirst(count))
        case .take:
            guard let count = try integer(try argument(0), name), count > 0 else { return [] }
            return Array(input.prefix(count))
        case .intersect:
            let other = try argument(0)
            return distinct(input.filter { item in other.contains { comparison.equal($0, item) == true } })
        case .exclude:
            let other = try argument(0)
            return input.filter { item in !other.contains { comparison.equal($0, item) == true } }
        case .union: return try union(input, try argument(0))
        case .combine: return try bounded(input + (try argument(0)))
        case .iif:
            if try boolean(try argument(0), name) == true { return try argument(1) }
            return arguments.count > 2 ? try argument(2) : []
        case .not:
            return try boolean(input, name).map { [.boolean(!$0)] } ?? []
        default:
            return try convert(function, input, name, arguments.count, argument, text)
        }
    }

    /// `repeat(projection)` (N1 §5.2.3): the projection applied to the input, then to what it gave, until nothing new
    /// comes; items already seen are not visited again, so a cycle ends.
    private func repeated(
        _ input: [FHIRPathValue], _ projection: FHIRPathNode
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        var pending = input
        while !pending.isEmpty {
            var next: [FHIRPathValue] = []
            for (position, item) in pending.enumerated() {
                for found in try evaluate(projection, in: Scope(this: [item], index: position))
                where !result.contains(found) {
                    result.append(found)
                    next.append(found)
                }
                _ = try bounded(result)
            }
            pending = next
        }
        return result
    }

    /// Conversion, string, math, tree, clock, aggregate and FHIR functions.
    private func convert(
        _ function: FHIRPathFunction, _ input: [FHIRPathValue], _ name: String, _ argumentCount: Int,
        _ argument: (Int) throws(FHIRPathEvaluationError) -> [FHIRPathValue],
        _ text: () throws(FHIRPathEvaluationError) -> String?
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        switch function {
        case .toBoolean, .toInteger, .toDecimal, .toString, .toDate, .toDateTime, .toTime:
            guard let item = try singleton(input, name) else { return [] }
            return FHIRPathConversion.convert(item, function).map { [$0] } ?? []
        case .indexOf, .substring, .startsWith, .endsWith, .contains, .upper, .lower, .replace, .matches, .length,
            .toChars:
            return try strings(function, name, argumentCount, argument, text)
        case .abs, .ceiling, .floor, .round, .truncate:
            guard let item = try singleton(input, name) else { return [] }
            let precision = argumentCount > 0 ? try integer(try argument(0), name) : nil
            return try FHIRPathMath.apply(function, to: item, precision: precision, name).map { [$0] } ?? []
        case .children:
            return input.flatMap { item -> [FHIRPathValue] in
                if case .element(let element) = item { element.allChildren } else { [] }
            }
        case .descendants:
            var result: [FHIRPathValue] = []
            var pending = input
            while !pending.isEmpty {
                let next = pending.flatMap { item -> [FHIRPathValue] in
                    if case .element(let element) = item { element.allChildren } else { [] }
                }
                result += next
                pending = try bounded(next)
                _ = try bounded(result)
            }
            return result
        case .now: return [.dateTime(clock.dateTime)]
        case .today: return [.date(clock.dateTime.date)]
        case .timeOfDay: return clock.dateTime.time.map { [.time($0)] } ?? []
        case .sum, .min, .max, .avg: return try FHIRPathAggregate.apply(function, to: input, comparison, name)
        case .extension:
            guard let url = try string(try argument(0), name) else { return [] }
            return Self.children(of: input, named: "extension").filter { item in
                guard case .element(let element) = item else { return false }
                return element.members["url"] == .string(url)
            }
        case .ordinal: return FHIRPathOrdinal.scores(of: input)
        default: return []
        }
    }
}
