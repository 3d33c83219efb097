import Catalog
import Foundation
import OutcomeMapping
import RegimenTesting
import SystemPackage

/// Regimen's own survey folder (`surveys/` at the package root), loaded through Catalog with a pinned UTC calendar.
enum RegimenSurveys {
    /// The package's `surveys/` folder.
    static let directory = ResultFixture.url("../../surveys")

    /// The declarative extractor `surveys/<file>` declares for `task`.
    static func extractor(forTask task: String) throws -> DeclarativeExtractor {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let catalog = try Catalog.load(directory: FilePath(directory.path), calendar: calendar)
        guard let extractor = catalog.entry(forTask: task)?.declarativeExtractor else {
            throw Missing.extractor(task: task)
        }
        return extractor
    }

    /// A survey that should declare outcomes does not.
    enum Missing: Error, CustomStringConvertible {
        case extractor(task: String)

        var description: String {
            switch self {
            case .extractor(let task): "surveys/ declares no outcomes for task '\(task)'"
            }
        }
    }
}
