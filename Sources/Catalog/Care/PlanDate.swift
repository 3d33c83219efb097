package import Foundation

/// When a plan starts or ends in a care file: a date, or a moment relative to enrollment as a schedule's `start:` and
/// `end:` are written (docs/schedules.md), so that "weeks 1–6" means each participant's own first six weeks.
package enum PlanDate: Sendable, Hashable {
    /// Midnight starting a day, in the calendar's time zone, or an instant.
    case date(Date)
    /// A moment relative to the participant's enrollment.
    case anchor(ScheduleAnchor)

    /// The instant for a participant enrolled at `enrollment`.
    package func resolve(enrollment: Date, calendar: Calendar) -> Date {
        switch self {
        case .date(let date): date
        case .anchor(let anchor): anchor.resolve(enrollment: enrollment, calendar: calendar)
        }
    }
}
