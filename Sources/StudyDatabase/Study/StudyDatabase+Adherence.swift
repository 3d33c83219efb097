package import CareModel
package import Foundation
import RegimenFoundation

extension StudyDatabase {
    /// `study adherence --by day`: per local day of one participant (counting the filter's task only, when named), from
    /// the enrollment day (or the filter's first day) to the day of the earliest of `now`, the filter's last day and
    /// the withdrawal, CareKit's adherence computed exactly as the care feed computes its ring for that day —
    /// `AdherenceCalculator` over the day's [midnight, next midnight − 1 s) and `ChainEvents` for the events it counts
    /// — with the event counts behind it.
    package func adherenceDays(
        of participant: Participant, _ filter: ReadFilter, now: Date
    ) async throws(StudyDatabaseError) -> [AdherenceRow] {
        let (chains, _) = try await TaskVersionTable.chains(participant: participant, task: filter.task, connection)
        let zone = participant.timeZone
        let last = min(now, participant.withdrawnAt ?? now)
        var firstDay = StudyCalendar.dayNumber(of: participant.enrolledAt, in: zone)
        var lastDay = StudyCalendar.dayNumber(of: last, in: zone)
        if let from = filter.from { firstDay = max(firstDay, from.dayNumber) }
        if let to = filter.to { lastDay = min(lastDay, to.dayNumber) }
        guard firstDay <= lastDay else { return [] }
        let outcomes = try await OutcomeTable.outcomes(
            participant: participant, task: filter.task, from: .distantPast, to: .distantFuture, liveOnly: true,
            connection)
        return Self.adherenceDays(
            of: participant, chains: chains, outcomes: outcomes.map(\.outcome), days: firstDay...lastDay)
    }

    /// The adherence of each local day in `days` (day numbers) from `chains` and the participant's live `outcomes`.
    package static func adherenceDays(
        of participant: Participant, chains: [VersionChain], outcomes: [Outcome], days: ClosedRange<Int>
    ) -> [AdherenceRow] {
        let calendar = participant.calendar
        var live: [EventKey: Outcome] = [:]
        for outcome in outcomes {
            live[EventKey(task: outcome.taskVersionUUID, occurrence: outcome.occurrence)] = outcome
        }
        let enrollmentDay = participant.enrollmentDayNumber
        return days.map { number in
            let day = CivilDate(dayNumber: number)
            let start = StudyCalendar.start(of: day, calendar: calendar)
            // The care feed's adherence end: the last second of the day (docs/carekit-store.md, "Adherence").
            let end = StudyCalendar.start(of: CivilDate(dayNumber: number + 1), calendar: calendar).addingTimeInterval(
                -1)
            let calculator = AdherenceCalculator(chains: chains, from: start, to: end, calendar: calendar)
            let pairs = ChainEvents(chains: calculator.chains, from: start, to: end)
            let events = pairs.events(
                outcomes: pairs.pairs.compactMap { live[EventKey(task: $0.task.uuid, occurrence: $0.event.occurrence)] }
            )
            let adherence = calculator.adherence(events: events).first ?? .noTasks
            let counted = if case .progress = adherence { true } else { false }
            return AdherenceRow(
                participant: participant, firstDay: day, lastDay: day,
                period: Participant.studyDay(dayNumber: number, enrollmentDayNumber: enrollmentDay),
                events: counted ? events.count : 0, completed: counted ? events.filter(\.isCompleted).count : 0,
                adherence: adherence)
        }
    }
}
