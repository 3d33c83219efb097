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
        }
    }
}
