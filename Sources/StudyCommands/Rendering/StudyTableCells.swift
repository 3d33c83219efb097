import CareModel
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// The cells of researchers' tables (docs/study-database.md, "What researchers read"): times as UTC
/// `2026-11-23T07:00:00Z` and local `2026-11-23T08:00:00+01:00` in the participant's home zone.
enum StudyTableCells {
    /// One outcome value: its text for CSV, its JSON value for JSON (dates in the participant's zone).
    static func value(_ value: OutcomeValue.Value, zone: TimeZone) -> TableCell {
        .outcomeValue(value, timeZone: zone)
    }

    /// Several values of one wide cell: empty, the one value, or their texts joined by "; ".
    static func values(_ values: [OutcomeValue.Value], zone: TimeZone) -> TableCell {
        switch values.count {
        case 0: .empty
        case 1: value(values[0], zone: zone)
        default: .text(values.map { $0.text(timeZone: zone) }.joined(separator: "; "))
        }
    }

    static func text(_ text: String?) -> TableCell { text.map(TableCell.text) ?? .empty }

    static func utc(_ date: Date?) -> TableCell { date.map { .text(StudyCalendar.utcText($0)) } ?? .empty }

    static func local(_ date: Date?, _ participant: Participant) -> TableCell {
        date.map { .text(StudyCalendar.localText($0, in: participant.timeZone)) } ?? .empty
    }

    static func long(_ row: LongOutcomeRow) -> [TableCell] {
        let outcome = row.outcome.outcome
        let zone = row.participant.timeZone
        return [
            .text(row.participant.label), .text(row.task), .integer(row.taskVersion), .integer(row.studyRevision),
            .integer(outcome.occurrence), utc(outcome.eventStart), local(outcome.eventStart, row.participant),
            .integer(row.studyDay), text(row.value?.kind), row.value.map { value($0.value, zone: zone) } ?? .empty,
            text(row.value?.units), text(row.outcome.recordedTimeZone),
            row.outcome.recordedUTCOffset.map(TableCell.integer) ?? .empty, text(outcome.syncID),
            .integer(outcome.syncVersion), .text(row.outcome.status),
        ]
    }

    static func wide(_ row: WideOutcomeRow) -> [TableCell] {
        [
            .text(row.participant.label), .text(row.task), .integer(row.occurrence), utc(row.eventStart),
            .text(StudyCalendar.localText(row.localStart)), .integer(row.studyDay), .text(row.status),
        ] + row.cells.map { values($0, zone: row.participant.timeZone) }
    }

    static func adherence(_ row: AdherenceRow, week: Bool) -> [TableCell] {
        let counts: [TableCell] = [
            .integer(row.events), .integer(row.completed), row.fraction.map(TableCell.number) ?? .empty,
            .text(row.state),
        ]
        return week
            ? [.text(row.participant.label), .text(row.firstDay.text), .text(row.lastDay.text), .integer(row.period)]
                + counts
            : [.text(row.participant.label), .text(row.firstDay.text), .integer(row.period)] + counts
    }

    static func dictionary(_ row: DictionaryRow) -> [TableCell] {
        let definition = row.definition
        return [
            .text(row.variable), .text(row.task), .text(definition.type), text(definition.label),
            .text(row.choicesText),
            text(definition.units), definition.minimum.map(TableCell.number) ?? .empty,
            definition.maximum.map(TableCell.number) ?? .empty, .integer(row.revisionAdded),
            row.revisionRemoved.map(TableCell.integer) ?? .empty,
        ]
    }

    static func status(_ row: StatusRow) -> [TableCell] {
        [
            .text(row.participant.label), .text(row.participant.timeZone.identifier),
            local(row.participant.enrolledAt, row.participant),
            .integer(row.studyDay), local(row.participant.withdrawnAt, row.participant),
            local(row.lastData, row.participant),
            .integer(row.missedLastWeek), row.adherenceLastWeek.map(TableCell.number) ?? .empty,
        ]
    }

    /// `participants.csv` of `study export`.
    static let participantColumns = [
        "participant", "zone", "enrolled_utc", "enrolled_local", "withdrawn_utc", "withdrawn_local",
    ]

    static func participant(_ participant: Participant) -> [TableCell] {
        [
            .text(participant.label), .text(participant.timeZone.identifier), utc(participant.enrolledAt),
            local(participant.enrolledAt, participant), utc(participant.withdrawnAt),
            local(participant.withdrawnAt, participant),
        ]
    }
}
