extension ExtractionError: CustomStringConvertible {
    /// A message naming the path and problem, never an answer.
    public var description: String {
        switch self {
        case .wrongTask(let expected, let found):
            "the result is of task '\(found)', but this extractor reads task '\(expected)'"
        case .missing(let path):
            "the result has nothing at '\(path)'"
        case .wrongType(let path, let expected, let found):
            "'\(path)' holds \(found) where \(expected) was expected"
        case .malformedPath(let text):
            "'\(text)' is not a result path: write step, step/result or step/result/field"
        case .valueWithoutKind:
            "the extractor returned a value without a kind; every value needs one of its producedKinds"
        case .undeclaredKind(let kind, let declared):
            "the extractor returned a value of kind '\(kind)', which its producedKinds do not list "
                + "(they list \(declared.isEmpty ? "none" : declared.map { "'\($0)'" }.joined(separator: ", ")))"
        case .undeclaredShape(let kind, let declared, let valueType, let units):
            "the extractor returned \(valueType) \(Self.unitsText(units)) for kind '\(kind)', but its producedKinds "
                + "declare \(declared.valueType.rawValue) \(Self.unitsText(declared.units))"
        case .scoreNotComputed(let kind, let reason):
            "the score of kind '\(kind)' could not be computed: \(reason)"
        }
    }

    private static func unitsText(_ units: String?) -> String {
        units.map { "in '\($0)'" } ?? "without units"
    }
}
