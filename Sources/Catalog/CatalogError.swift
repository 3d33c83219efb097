import ResearchTasks
package import SystemPackage

/// Why a survey folder could not be loaded.
package enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder does not exist or cannot be listed.
    case unreadableDirectory(FilePath, reason: String)
    /// The folder was read but its surveys have problems; every problem found is listed.
    case invalidSurveys(directory: FilePath, problems: [CatalogProblem])

    /// The problems found (empty for an unreadable folder).
    package var problems: [CatalogProblem] {
        switch self {
        case .unreadableDirectory: []
        case .invalidSurveys(_, let problems): problems
        }
    }

    /// A multi-line rendering: a headline, then one problem per line.
    package var description: String {
        switch self {
        case .unreadableDirectory(let directory, let reason):
            return "cannot read survey folder \(directory): \(reason)"
        case .invalidSurveys(let directory, let problems):
            let headline = "\(Plural.count(problems.count, "problem")) in survey folder \(directory)"
            return ([headline] + problems.map(\.description)).joined(separator: "\n")
        }
    }
}
