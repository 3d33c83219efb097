import Catalog
public import Foundation
public import OutcomeMapping
import ResearchTasks
import SystemPackage

/// A study's survey folder, loaded and validated as `validate` does, to check extractors against the surveys.
public struct StudySurveys: Sendable {
    let catalog: Catalog
    /// The calendar date-only values are read in; answers to date questions too.
    let calendar: Calendar

    /// Loads and validates the survey folder at `path` (a relative path is taken from the folder of `filePath`, the
    /// calling test file by default). Date-only values in surveys are read in `timeZone`, UTC unless given.
    public static func load(
        _ path: String, relativeTo filePath: String = #filePath, timeZone: TimeZone = .gmt
    ) throws(OutcomeTestFailure) -> StudySurveys {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        do {
            return StudySurveys(
                catalog: try Catalog.load(
                    directory: FilePath(ResultFixture.url(path, relativeTo: filePath).path), calendar: calendar),
                calendar: calendar)
        } catch {
            throw .invalidSurveys(error.description)
        }
    }

    /// The surveys' task ids, in file-name order.
    public var taskIdentifiers: [String] { catalog.taskIdentifiers }

    /// The item ids of form step `step` of task `task`, in survey order; throws when there is no such form step.
    public func formItems(task: String, step: String) throws(OutcomeTestFailure) -> [String] {
        guard let entry = catalog.entry(forTask: task) else { throw .notInSurveys(task: task, step: nil) }
        guard let found = entry.task.steps.first(where: { $0.identifier == step }), case .form(let form) = found.content
        else { throw .notInSurveys(task: task, step: step) }
        return form.items.map(\.identifier)
    }

    /// The extractor the survey of `task` declares with `outcomes:`, or nil when it declares none.
    public func declarativeExtractor(forTask task: String) throws(OutcomeTestFailure) -> (any OutcomeExtractor)? {
        guard let entry = catalog.entry(forTask: task) else { throw .notInSurveys(task: task, step: nil) }
        return entry.declarativeExtractor
    }
}
