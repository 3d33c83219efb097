package import Foundation

/// A care plan (CareKit's `OCKCarePlan`, docs/care-plans.md): a named group of tasks ("Knee recovery") with the days
/// it covers. Versioned like a task: versions share `id`; the store keeps each version with its effective date.
package struct CarePlan: Sendable, Hashable, Codable {
    /// The plan's id, shared by its versions; tasks name it in their survey file's `plan:`.
    package var id: String
    /// The title shown to the participant, in the care file's default language.
    package var title: String
    /// The first instant of the plan, if it has one.
    package var start: Date?
    /// The instant the plan ends (exclusive), if it has one.
    package var end: Date?

    /// Creates a plan.
    package init(id: String, title: String, start: Date? = nil, end: Date? = nil) {
        self.id = id
        self.title = title
        self.start = start
        self.end = end
    }

    /// Whether the plan covers any of the day [`dayStart`, `dayEnd`): it has started before the day ends and has not
    /// ended by the day's start.
    package func covers(dayStart: Date, dayEnd: Date) -> Bool {
        (start.map { $0 < dayEnd } ?? true) && (end.map { $0 > dayStart } ?? true)
    }

    /// Whether the plan ended at or before `instant`.
    package func hasEnded(by instant: Date) -> Bool {
        end.map { $0 <= instant } ?? false
    }
}
