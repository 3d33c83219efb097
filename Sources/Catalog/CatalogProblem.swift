/// One thing wrong in a survey folder: which file, where in the document, and what is wrong.
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the folder's parent, e.g. "surveys/checkin.yaml".
    public var file: String
    /// The place in the document, e.g. "steps[0].items[1].scale" (empty for the whole file).
    public var path: String
    /// What is wrong, e.g. "(max − min) must be divisible by step". Never contains participant data.
    public var reason: String
    /// The 1-based line in the file, when known.
    public var line: Int?

    /// Creates a problem.
    public init(file: String, path: String, reason: String, line: Int? = nil) {
        self.file = file
        self.path = path
        self.reason = reason
        self.line = line
    }

    /// "file: path: reason" (or "file: reason" for problems with the whole file).
    public var description: String {
        path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
    }
}
