package import CareModel
import Foundation
package import RegimenFoundation

/// One row of the adherence table: a participant's local day (or study week) with CareKit's adherence and the event
/// counts behind it (docs/study-database.md, "What researchers read").
package struct AdherenceRow: Sendable, Hashable {
    /// The participant.
    package var participant: Participant
    /// The first local day of the row.
    package var firstDay: CivilDate
    /// The last local day of the row (the same as `firstDay` for a day).
    package var lastDay: CivilDate
    /// The study day of `firstDay`, or the study week (days 1–7 are week 1) for a week.
    package var period: Int
    /// Events that count towards adherence.
    package var events: Int
    /// Of those, events with a current outcome.
    package var completed: Int
    /// The adherence: for a day, CareKit's (`.noTasks`, `.noEvents`, `.progress`); for a week, completed ÷ events of
    /// its days (every event weighted equally), `.noTasks` when no day had tasks.
    package var adherence: Adherence

    /// The adherence as a fraction, nil without events.
    package var fraction: Double? {
        if case .progress(let value) = adherence { value } else { nil }
    }

    /// The column names of day rows.
    package static let dayColumns = ["participant", "date", "study_day", "events", "completed", "adherence", "state"]
    /// The column names of week rows.
    package static let weekColumns = [
        "participant", "week_start", "week_end", "study_week", "events", "completed", "adherence", "state",
    ]

    /// `no_tasks`, `no_events` or `progress` (CareKit's three kinds of day).
    package var state: String {
        switch adherence {
        case .noTasks: "no_tasks"
        case .noEvents: "no_events"
        case .progress: "progress"
        }
    }

    /// The days of `days` grouped by study week (days 1–7 are week 1; days before enrollment count back from −1).
    package static func weeks(of days: [AdherenceRow]) -> [AdherenceRow] {
        var weeks: [AdherenceRow] = []
        for day in days {
            let week = day.period > 0 ? (day.period - 1) / 7 + 1 : -((-day.period - 1) / 7 + 1)
            if weeks.last?.period != week || weeks.last?.participant.id != day.participant.id {
                weeks.append(
                    AdherenceRow(
                        participant: day.participant, firstDay: day.firstDay, lastDay: day.lastDay, period: week,
                        events: 0,
                        completed: 0, adherence: .noTasks))
            }
            let index = weeks.count - 1
            weeks[index].lastDay = day.lastDay
            weeks[index].events += day.events
            weeks[index].completed += day.completed
            if case .noTasks = day.adherence { continue }
            weeks[index].adherence =
                weeks[index].events == 0
                ? .noEvents : .progress(Double(weeks[index].completed) / Double(weeks[index].events))
        }
        return weeks
    }
}
