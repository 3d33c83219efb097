/// One thing wrong in a survey folder: which file, where in the document, and what is wrong.
package struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the folder's parent, e.g. "surveys/checkin.yaml".
    package var file: String
    /// The place in the document, e.g. "steps[0].items[1].scale" (empty for the whole file).
    package var path: String
    /// What is wrong, e.g. "(max − min) must be divisible by step". Never contains participant data.
    package var reason: String
    /// The 1-based line in the file, when known.
    package var line: Int?

    /// Creates a problem.
    package init(file: String, path: String, reason: String, line: Int? = nil) {
        self.file = file
        self.path = path
        self.reason = reason
        self.line = line
    }

    /// "file: path: reason" (or "file: reason" for problems with the whole file).
    package var description: String {
        path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
    }
}
