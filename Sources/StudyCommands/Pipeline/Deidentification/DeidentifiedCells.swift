import CareModel
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// The cells of researchers' tables made by a `Deidentifier` (docs/deidentified-exports.md): the columns of
/// `StudyTableCells`, with the participant's code for the label, moved local times without offset, and the UTC
/// instants, zones, UTC offsets and sync ids left empty.
extension Deidentifier {
    /// One value: dates moved and written as local times; nil when the value is left out.
    func value(_ value: OutcomeValue.Value, task: String, kind: String, _ participant: Participant)
        throws(StudyDatabaseError) -> TableCell?
    {
        guard keeps(value, task: task, kind: kind) else { return nil }
        if case .date(let date) = value { return .text(try local(date, participant)) }
        return .outcomeValue(value, timeZone: participant.timeZone)
    }

    /// A long row; nil when its value is left out (free text, binary).
    func long(_ row: LongOutcomeRow) throws(StudyDatabaseError) -> [TableCell]? {
        let outcome = row.outcome.outcome
        let participant = row.participant
        var valueCell = TableCell.empty
        if let value = row.value {
            guard let cell = try self.value(value.value, task: row.task, kind: value.kind ?? "", participant) else {
                return nil
            }
            valueCell = cell
        }
        return [
            .text(code(participant)), .text(row.task), .integer(row.taskVersion), .integer(row.studyRevision),
            .integer(outcome.occurrence), .empty, .text(try local(outcome.eventStart, participant)),
            .integer(row.studyDay), StudyTableCells.text(row.value?.kind), valueCell,
            StudyTableCells.text(row.value?.units), .empty, .empty, .empty, .integer(outcome.syncVersion),
            .text(row.outcome.status),
        ]
    }

    /// A wide row, its variable columns only those at `kept` (positions in the row's cells).
    func wide(_ row: WideOutcomeRow, kept: [Int], columns: [WideColumns.Source]) throws(StudyDatabaseError)
        -> [TableCell]
    {
        let participant = row.participant
        var cells: [TableCell] = [
            .text(code(participant)), .text(row.task), .integer(row.occurrence), .empty,
            .text(try local(row.localStart, participant)), .integer(row.studyDay), .text(row.status),
        ]
        for position in kept {
            var values: [TableCell] = []
            for value in row.cells[position] {
                let source = columns[position]
                if let cell = try self.value(value, task: source.task, kind: source.kind, participant) {
                    values.append(cell)
                }
            }
            switch values.count {
            case 0: cells.append(.empty)
            case 1: cells.append(values[0])
            default: cells.append(.text(values.map(\.text).joined(separator: "; ")))
            }
        }
        return cells
    }

    /// An adherence row by day or by week.
    func adherence(_ row: AdherenceRow, week: Bool) throws(StudyDatabaseError) -> [TableCell] {
        var cells = StudyTableCells.adherence(row, week: week)
        cells[0] = .text(code(row.participant))
        cells[1] = .text(try day(row.firstDay, row.participant).text)
        if week { cells[2] = .text(try day(row.lastDay, row.participant).text) }
        return cells
    }

    /// A row of `participants.csv`.
    func participant(_ participant: Participant) throws(StudyDatabaseError) -> [TableCell] {
        var withdrawn = TableCell.empty
        if let date = participant.withdrawnAt { withdrawn = .text(try local(date, participant)) }
        return [
            .text(code(participant)), .empty, .empty, .text(try local(participant.enrolledAt, participant)), .empty,
            withdrawn,
        ]
    }
}
