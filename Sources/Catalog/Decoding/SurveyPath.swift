/// A place in a survey document, rendered like "steps[0].items[1].scale".
struct SurveyPath: Sendable, Hashable, CustomStringConvertible {
    /// The rendered path ("" for the document root).
    private(set) var description: String = ""

    /// The root of the document.
    static let root = SurveyPath()

    /// The path of a key inside this mapping.
    func key(_ key: String) -> SurveyPath {
        SurveyPath(description: description.isEmpty ? key : "\(description).\(key)")
    }

    /// The path of an element of this list.
    func index(_ index: Int) -> SurveyPath {
        SurveyPath(description: "\(description)[\(index)]")
    }

    /// The path with a dotted suffix (already rendered), e.g. "choices[2].value".
    func appending(rendered suffix: String) -> SurveyPath {
        guard !suffix.isEmpty else { return self }
        if description.isEmpty || suffix.hasPrefix("[") { return SurveyPath(description: description + suffix) }
        return SurveyPath(description: "\(description).\(suffix)")
    }
}
