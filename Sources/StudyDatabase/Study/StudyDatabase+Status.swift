package import Foundation
import RegimenFoundation

extension StudyDatabase {
    /// `study status` for one participant at `now`: today's study day, the latest outcome, the events of the last 7
    /// local days without a current outcome (as the wide table marks them `missed`) and the adherence over those days
    /// (as `study adherence` counts it).
    package func status(of participant: Participant, now: Date) async throws(StudyDatabaseError) -> StatusRow {
        let end = min(now, participant.withdrawnAt ?? now)
        let today = StudyCalendar.day(of: end, in: participant.timeZone)
        let week = ReadFilter(from: CivilDate(dayNumber: today.dayNumber - 6), to: today)
        let missed = try await wideRows(of: participant, week, columns: WideColumns(tasks: []), now: now)
            .filter { !$0.completed }.count
        let days = try await adherenceDays(of: participant, week, now: now)
        let events = days.reduce(0) { $0 + $1.events }
        let completed = days.reduce(0) { $0 + $1.completed }
        return StatusRow(
            participant: participant, studyDay: participant.studyDay(of: end),
            lastData: try await OutcomeTable.lastRecorded(participant: participant, connection), missedLastWeek: missed,
            adherenceLastWeek: events == 0 ? nil : Double(completed) / Double(events))
    }
}
