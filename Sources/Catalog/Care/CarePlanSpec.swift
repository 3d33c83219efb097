package import CareModel
package import Foundation

/// A plan as its care file writes it: its dates may be relative to enrollment, resolved per participant.
package struct CarePlanSpec: Sendable, Hashable {
    /// The plan's id.
    package var id: String
    /// Its title, in the language the file was read in.
    package var title: String
    /// When it starts, if it says.
    package var start: PlanDate?
    /// When it ends (exclusive), if it says.
    package var end: PlanDate?

    /// Creates a plan spec.
    package init(id: String, title: String, start: PlanDate? = nil, end: PlanDate? = nil) {
        self.id = id
        self.title = title
        self.start = start
        self.end = end
    }

    /// The plan of a participant enrolled at `enrollment`.
    package func plan(enrollment: Date, calendar: Calendar) -> CarePlan {
        CarePlan(
            id: id, title: title, start: start?.resolve(enrollment: enrollment, calendar: calendar),
            end: end?.resolve(enrollment: enrollment, calendar: calendar))
    }
}
