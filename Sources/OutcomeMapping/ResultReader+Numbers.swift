import CareModel
public import ResearchTasks

extension ResultReader {
    /// Creates a reader for the path written as in survey files (`step`, `step/item`, `step/result/field`); a
    /// malformed path text throws `.malformedPath` naming it.
    public init(result: TaskResult, path text: String) throws(ExtractionError) {
        guard let path = ResultPath(text) else { throw .malformedPath(text) }
        self.init(result: result, path: path)
    }

    /// The one number at the path (scale, numeric, interval, number choice or range-of-motion field), or nil when
    /// the answer was skipped; throws naming the path when nothing is there or it is not a single number.
    public func number() throws(ExtractionError) -> Double? {
        let values = try values(as: .double)
        guard values.count <= 1 else {
            throw .wrongType(
                path: path.description, expected: "one number", found: Plural.count(values.count, "choice"))
        }
        switch values.first {
        case nil: return nil
        case .double(let number)?: return number
        case let other?: throw .wrongType(path: path.description, expected: "number", found: other.typeName)
        }
    }

    /// The one whole number at the path, or nil when skipped; a decimal answer throws naming the path.
    public func integer() throws(ExtractionError) -> Int? {
        guard let number = try number() else { return nil }
        guard number.rounded() == number, let whole = Int(exactly: number) else {
            throw .wrongType(path: path.description, expected: "integer", found: "decimal number")
        }
        return whole
    }
}
