import RegimenFoundation

extension FHIRImportError {
    /// The lines reported for `file`: `file: place: problem`, or one `file: item LINKID: reason` line per loss.
    package func lines(file: String) -> [String] {
        switch self {
        case .notJSON(let error):
            return ["\(file): not JSON: \(error.description)"]
        case .malformed(let place, let problem):
            return ["\(file): \(place): \(problem)"]
        case .lossy(let losses):
            let count = losses.count == 1 ? "1 part" : "\(losses.count) parts"
            return losses.map { "\(file): \($0)" }
                + ["\(file): \(count) cannot be converted; nothing was written (--lenient converts the rest)"]
        }
    }
}
