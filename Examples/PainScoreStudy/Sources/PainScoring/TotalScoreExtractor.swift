import CareModel
import Foundation
import OutcomeMapping
import ResearchTasks

/// Scores the pain-interference form: each item's value (0–10 points) and their total (0–30 points).
///
/// The total is only stored when every item was answered, so totals stay comparable across weeks; the answered
/// items are stored either way.
public struct TotalScoreExtractor: OutcomeExtractor {
    /// The survey's task id (surveys/pain-interference.yaml).
    public let taskIdentifier = "painInterference"
    /// The form step holding the items.
    public static let formStep = "pain.form"
    /// The items, as (outcome kind, form item id), in survey order.
    public static let items: [(kind: String, item: String)] = [
        ("pain.intensity", "pain.form.intensity"),
        ("pain.enjoyment", "pain.form.enjoyment"),
        ("pain.activity", "pain.form.activity"),
    ]
    /// The kind of the summed score.
    public static let totalKind = "pain.total"
    /// Units of the items and the total.
    public static let units = "points"

    /// Creates the extractor.
    public init() {}

    /// The total, then the three items; all integers in points.
    public var producedKinds: [OutcomeKindDescription] {
        ([Self.totalKind] + Self.items.map(\.kind)).map {
            OutcomeKindDescription(kind: $0, units: Self.units, type: .integer)
        }
    }

    /// Reads each item as a whole number; a missing form or item, or a non-integer answer, throws naming its path.
    public func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        var itemValues: [OutcomeValue] = []
        var total = 0
        for (kind, item) in Self.items {
            let reader = ResultReader(
                result: result, path: ResultPath(stepIdentifier: Self.formStep, resultIdentifier: item))
            guard let points = try reader.integer() else { continue }
            total += points
            itemValues.append(OutcomeValue(.integer(points), kind: kind, units: Self.units, createdDate: createdDate))
        }
        guard itemValues.count == Self.items.count else { return itemValues }
        return [OutcomeValue(.integer(total), kind: Self.totalKind, units: Self.units, createdDate: createdDate)]
            + itemValues
    }
}
