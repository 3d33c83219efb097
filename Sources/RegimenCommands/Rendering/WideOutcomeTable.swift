import CareModel
import CareStore
import Catalog
import Foundation
import OutcomeMapping

/// The wide export of one task's outcomes: one row per answered event, fixed columns — the event, then one column per
/// outcome kind the task declares (its extractor's `producedKinds`), empty where a result skipped it — so the file
/// loads into R or pandas without reshaping. Values of kinds the task does not declare are left out; several values of
/// one kind (e.g. a multiple choice) share their cell, separated by "; ". A Health-linked task whose `beside:` names
/// one of the task's kinds adds its kind's column right after it, filled from its outcome of the same day (the
/// check-in's self-reported sleep beside the measured sleep; docs/health-export.md, "Linked tasks").
///
/// Rows are written as the outcomes are read, oldest event first, with each companion's outcomes read alongside in
/// the same order (`CompanionDays`): memory stays flat however many events there are.
struct WideOutcomeTable {
    /// Another task's kind shown beside one of this task's kinds.
    struct Companion {
        /// The kind it follows.
        var beside: String
        /// Its kind.
        var kind: String
    }

    /// The task.
    let task: String
    /// The declared kinds, in declaration order (duplicates dropped).
    let kinds: [OutcomeKindDescription]
    /// Zone for timestamps, and for the days that pair companions' outcomes with the task's.
    let timeZone: TimeZone
    /// Kinds of Health-linked tasks shown beside the task's own.
    var companions: [Companion] = []
    /// Whether the task is logged (docs/logged-tasks.md, "Exports"): one row per log, its values' created date in the
    /// created date column, instead of one row per event.
    var logged = false

    /// The fixed columns before the kind columns.
    static let eventColumns = ["task", "occurrence", "event start", "created date", "task run UUID"]

    /// Header row: event columns, then one column per kind (each followed by its companions').
    var header: [String] { Self.eventColumns + columns.map(\.header) }

    /// The rows of `outcome`: one, or a logged task's one per log (values sharing a created date), in log order.
    func rows(_ outcome: Outcome, companionCells: [String]) -> [[String]] {
        guard logged else { return [row(outcome, companionCells: companionCells)] }
        var logs: [Date: [OutcomeValue]] = [:]
        for value in outcome.values { logs[value.createdDate, default: []].append(value) }
        return logs.keys.sorted().map { created in
            row(outcome, values: logs[created] ?? [], created: created, companionCells: companionCells)
        }
    }

    /// The row of `outcome`; `companionCells` holds each companion's cell for the outcome's day (`day(of:)`), in the
    /// order of `companions`.
    func row(_ outcome: Outcome, companionCells: [String]) -> [String] {
        row(outcome, values: outcome.values, created: outcome.createdDate, companionCells: companionCells)
    }

    /// The row of `values` of `outcome`, created at `created`.
    private func row(_ outcome: Outcome, values: [OutcomeValue], created: Date, companionCells: [String]) -> [String] {
        var cells: [String: [String]] = [:]
        for value in values {
            guard let kind = value.kind else { continue }
            cells[kind, default: []].append(value.value.text(timeZone: timeZone))
        }
        return [
            task, String(outcome.occurrence), ISO8601Text.string(outcome.eventStart, timeZone: timeZone),
            // A log's run is not kept apart from the outcome's latest one: a logged task's rows leave it empty.
            ISO8601Text.string(created, timeZone: timeZone), logged ? "" : outcome.taskRunUUID?.uuidString ?? "",
        ]
            + columns.map { column in
                switch column {
                case .own(let kind): (cells[kind] ?? []).joined(separator: "; ")
                case .companion(let index, _): companionCells.indices.contains(index) ? companionCells[index] : ""
                }
            }
    }

    /// The local day of `date` in the table's zone, "YYYY-MM-DD" (text order is day order).
    func day(of date: Date) -> String {
        String(ISO8601Text.string(date, timeZone: timeZone).prefix(10))
    }

    /// A kind column: the task's own, or a companion's (by index into `companions`).
    private enum Column {
        case own(String)
        case companion(Int, kind: String)

        var header: String {
            switch self {
            case .own(let kind), .companion(_, let kind): kind
            }
        }
    }

    /// The kind columns: each own kind, followed by the companions beside it.
    private var columns: [Column] {
        uniqueKinds.flatMap { kind in
            [Column.own(kind.kind)]
                + companions.indices.filter { companions[$0].beside == kind.kind }
                .map { Column.companion($0, kind: companions[$0].kind) }
        }
    }

    private var uniqueKinds: [OutcomeKindDescription] {
        var seen: Set<String> = []
        return kinds.filter { seen.insert($0.kind).inserted }
    }
}

/// A companion task's cells, walked day by day beside the table's rows: both are read in event order, so each of the
/// companion's outcomes is read once and only the current day's cell is held.
struct CompanionDays {
    /// The companion's kind.
    let kind: String
    /// The table (for its days).
    let table: WideOutcomeTable
    /// The companion's next outcome, in event order; nil after the last.
    let next: () throws(RegimenError) -> Outcome?
    private var pending: Outcome?
    /// Whether `next` has said there are no more (it is not asked again).
    private var finished = false
    private var day: String?
    private var cell = ""

    init(kind: String, table: WideOutcomeTable, next: @escaping () throws(RegimenError) -> Outcome?) {
        self.kind = kind
        self.table = table
        self.next = next
    }

    /// The cell of `day` ("; " between several events of the day); days must be asked in order.
    mutating func cell(forDay day: String) throws(RegimenError) -> String {
        if day == self.day { return cell }
        var values: [String] = []
        while let outcome = try takePendingOrNext() {
            let outcomeDay = table.day(of: outcome.eventStart)
            if outcomeDay > day {
                pending = outcome
                break
            }
            guard outcomeDay == day else { continue }
            for value in outcome.values where value.kind == kind {
                values.append(value.value.text(timeZone: table.timeZone))
            }
        }
        self.day = day
        cell = values.joined(separator: "; ")
        return cell
    }

    /// The outcome put back by the last call, else the next one read.
    private mutating func takePendingOrNext() throws(RegimenError) -> Outcome? {
        if let outcome = pending {
            pending = nil
            return outcome
        }
        guard !finished, let outcome = try next() else {
            finished = true
            return nil
        }
        return outcome
    }
}

extension WideOutcomeTable {
    /// `regimen outcomes --task T --format csv --wide`: writes the wide CSV of the task's outcomes that `snapshot`
    /// holds (only those having a value of `kind` when given, events overlapping [start, end)), whose columns come
    /// from the task's extractor; a usage error without `--task` or with another format.
    static func write(
        task: String?, kind: String?, from start: Date?, to end: Date?, format: OutputFormat, catalog: Catalog,
        workspace: Workspace, snapshot: OutcomeSnapshot, to output: TableOutput
    ) throws(RegimenError) {
        guard let task else { throw .usage("--wide needs --task: its columns are the outcome kinds of one task") }
        guard format == .csv else { throw .usage("--wide is a CSV layout: add --format csv") }
        let entry = try workspace.entry(task, in: catalog)
        let kinds =
            workspace.extractors(for: catalog).extractor(forTask: entry.taskIdentifier)?.producedKinds
            ?? entry.producedKinds
        var table = WideOutcomeTable(task: task, kinds: kinds, timeZone: workspace.environment.timeZone)
        table.logged = entry.logged
        var companionTasks: [String] = []
        for other in catalog.entries where other.taskIdentifier != task {
            guard let link = other.healthLink, let beside = link.beside, kinds.contains(where: { $0.kind == beside })
            else { continue }
            table.companions.append(Companion(beside: beside, kind: link.kind))
            companionTasks.append(other.taskIdentifier)
        }
        var days: [CompanionDays] = []
        for (companion, companionTask) in zip(table.companions, companionTasks) {
            let cursor = try storeCall { () throws(CareStoreError) in
                try snapshot.outcomes(taskID: companionTask, from: start, to: end)
            }
            days.append(
                CompanionDays(kind: companion.kind, table: table) { () throws(RegimenError) in
                    try storeCall { () throws(CareStoreError) in try cursor.next() }
                })
        }
        let cursor = try storeCall { () throws(CareStoreError) in
            try snapshot.outcomes(taskID: task, kind: kind, from: start, to: end)
        }
        let writer = try TableWriter(.csv, columns: table.header, output: output)
        while let outcome = try storeCall({ () throws(CareStoreError) in try cursor.next() }) {
            let day = table.day(of: outcome.eventStart)
            var cells: [String] = []
            for index in days.indices { cells.append(try days[index].cell(forDay: day)) }
            for row in table.rows(outcome, companionCells: cells) { try writer.write(row.map(TableCell.text)) }
        }
    }
}
