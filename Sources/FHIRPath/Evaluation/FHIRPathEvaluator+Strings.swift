import Foundation

/// String manipulation (N1 §5.6). Positions count Unicode scalars, as the specification's characters and Python's
/// strings do; an empty focus or argument gives the empty collection.
extension FHIRPathEvaluator {
    func strings(
        _ function: FHIRPathFunction, _ name: String, _ argumentCount: Int,
        _ argument: (Int) throws(FHIRPathEvaluationError) -> [FHIRPathValue],
        _ text: () throws(FHIRPathEvaluationError) -> String?
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        guard let input = try text() else { return [] }
        let scalars = Array(input.unicodeScalars)
        func stringArgument(_ index: Int) throws(FHIRPathEvaluationError) -> String? {
            try string(try argument(index), name)
        }
        switch function {
        case .length: return [.integer(scalars.count)]
        case .upper: return [.string(input.uppercased())]
        case .lower: return [.string(input.lowercased())]
        case .toChars: return scalars.map { .string(String($0)) }
        case .indexOf:
            guard let part = try stringArgument(0) else { return [] }
            return [.integer(Self.position(of: Array(part.unicodeScalars), in: scalars) ?? -1)]
        case .startsWith:
            guard let part = try stringArgument(0) else { return [] }
            return [.boolean(scalars.starts(with: part.unicodeScalars))]
        case .endsWith:
            guard let part = try stringArgument(0) else { return [] }
            return [.boolean(scalars.reversed().starts(with: part.unicodeScalars.reversed()))]
        case .contains:
            guard let part = try stringArgument(0) else { return [] }
            return [.boolean(Self.position(of: Array(part.unicodeScalars), in: scalars) != nil)]
        case .substring:
            guard let start = try integer(try argument(0), name), start >= 0, start < scalars.count else { return [] }
            var end = scalars.count
            if argumentCount > 1, let length = try integer(try argument(1), name) {
                end = start + Swift.max(0, Swift.min(length, scalars.count - start))
            }
            return [.string(Self.text(scalars[start..<end]))]
        case .replace:
            guard let pattern = try stringArgument(0), let substitution = try stringArgument(1) else { return [] }
            if pattern.isEmpty {
                // N1 §5.6.8: an empty pattern puts the substitution around every character.
                guard (scalars.count + 1) * substitution.utf8.count <= Self.maximumStringBytes else {
                    throw .stringTooLong(limit: Self.maximumStringBytes)
                }
                return [try bounded(substitution + scalars.map { String($0) + substitution }.joined())]
            }
            guard let replaced = Self.replacing(Array(pattern.unicodeScalars), with: substitution, in: scalars) else {
                throw .stringTooLong(limit: Self.maximumStringBytes)
            }
            return [.string(replaced)]
        case .matches:
            guard let pattern = try stringArgument(0) else { return [] }
            let expression: NSRegularExpression
            do {
                expression = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            } catch {
                throw .invalidRegularExpression(pattern)
            }
            let range = NSRange(input.startIndex..., in: input)
            return [.boolean(expression.firstMatch(in: input, range: range) != nil)]
        default: return []
        }
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private static func position(of part: [Unicode.Scalar], in scalars: [Unicode.Scalar]) -> Int? {
        guard !part.isEmpty else { return 0 }
        guard part.count <= scalars.count else { return nil }
        for start in 0...(scalars.count - part.count) where scalars[start..<(start + part.count)].elementsEqual(part) {
            return start
        }
        return nil
    }

    private static func replacing(
        _ pattern: [Unicode.Scalar], with substitution: String, in scalars: [Unicode.Scalar]
    ) -> String? {
        var result = ""
        var position = 0
        while position < scalars.count {
            if position + pattern.count <= scalars.count,
                scalars[position..<(position + pattern.count)].elementsEqual(pattern)
            {
                result += substitution
                position += pattern.count
                // Stops as soon as the result is too long, before a hostile substitution fills memory.
                if result.utf8.count > maximumStringBytes { return nil }
            } else {
                result.unicodeScalars.append(scalars[position])
                position += 1
            }
        }
        return result
    }
}
