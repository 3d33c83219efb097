/// A place in a task result: step result id / question result id, optionally a field of that result
/// (e.g. `range` of a range-of-motion result). Written "step", "step/result" or "step/result/field".
public struct OutcomePath: Sendable, Hashable, CustomStringConvertible {
    /// The step result identifier.
    public var stepIdentifier: String
    /// The child result identifier (form item id; the step id for question and range-of-motion steps).
    public var resultIdentifier: String
    /// A field of the result, e.g. "range"; nil for a question result's answer.
    public var field: String?

    /// Creates a path; a nil result identifier means the step identifier.
    public init(stepIdentifier: String, resultIdentifier: String? = nil, field: String? = nil) {
        self.stepIdentifier = stepIdentifier
        self.resultIdentifier = resultIdentifier ?? stepIdentifier
        self.field = field
    }

    /// Parses "step", "step/result" or "step/result/field"; nil when malformed.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...3).contains(parts.count), !parts.contains(where: \.isEmpty) else { return nil }
        self.init(
            stepIdentifier: parts[0],
            resultIdentifier: parts.count > 1 ? parts[1] : nil,
            field: parts.count > 2 ? parts[2] : nil
        )
    }

    /// "step/result" or "step/result/field".
    public var description: String {
        [stepIdentifier, resultIdentifier, field].compactMap { $0 }.joined(separator: "/")
    }
}
