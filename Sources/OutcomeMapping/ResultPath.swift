/// Where a value sits in a result tree: `step`, `step/result` or `step/result/field` (e.g.
/// `checkin.form/checkin.form.pain`, `knee.range.of.motion/knee.range.of.motion/range`); `step` alone means the
/// question step's own result (`step/step`).
public struct ResultPath: Sendable, Hashable, CustomStringConvertible {
    /// The step result's identifier.
    public var stepIdentifier: String
    /// The child result's identifier.
    public var resultIdentifier: String
    /// A field of the child result (range-of-motion fields), or nil for a question's answer.
    public var field: String?

    /// Creates a path; a nil result identifier means the step's own (question step) result.
    public init(stepIdentifier: String, resultIdentifier: String? = nil, field: String? = nil) {
        self.stepIdentifier = stepIdentifier
        self.resultIdentifier = resultIdentifier ?? stepIdentifier
        self.field = field
    }

    /// Parses `step[/result[/field]]`; nil when the text has more than three parts or an empty one.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.init(
            stepIdentifier: parts[0], resultIdentifier: parts.count > 1 ? parts[1] : nil,
            field: parts.count > 2 ? parts[2] : nil
        )
    }

    /// The path as written in survey files.
    public var description: String {
        [stepIdentifier, resultIdentifier, field].compactMap { $0 }.joined(separator: "/")
    }
}
