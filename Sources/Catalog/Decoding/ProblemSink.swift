/// Collects the problems found in one file while decoding continues (never stops at the first).
final class ProblemSink {
    /// The file's display name, e.g. "surveys/checkin.yaml".
    let file: String
    /// Problems in the order found.
    private(set) var problems: [CatalogProblem] = []

    init(file: String) {
        self.file = file
    }

    /// Records a problem at a path.
    func report(_ path: SurveyPath, _ reason: String, line: Int?) {
        problems.append(
            CatalogProblem(file: file, path: path.description, reason: reason, line: line == 0 ? nil : line))
    }
}
