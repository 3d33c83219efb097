import CareModel
import Catalog
import Foundation
import OutcomeMapping

/// The wide export of one task's outcomes: one row per answered event, fixed columns — the event, then one column per
/// outcome kind the task declares (its extractor's `producedKinds`), empty where a result skipped it — so the file
/// loads into R or pandas without reshaping. Values of kinds the task does not declare are left out; several values
/// of one kind (e.g. a multiple choice) share their cell, separated by "; ". A Health-linked task whose `beside:` names
/// one of the task's kinds adds its kind's column right after it, filled from its outcome of the same day (the check-in's
/// self-reported sleep beside the measured sleep; docs/health-export.md, "Linked tasks").
struct WideOutcomeTable {
    /// Another task's kind shown beside one of this task's kinds.
    struct Companion {
        /// The kind it follows.
        var beside: String
        /// Its kind.
        var kind: String
        /// The other task's outcomes.
        var outcomes: [Outcome]
    }

    /// The task.
    let task: String
    /// The declared kinds, in declaration order (duplicates dropped).
    let kinds: [OutcomeKindDescription]
    /// The task's outcomes.
    let outcomes: [Outcome]
    /// Zone for timestamps, and for the days that pair companions' outcomes with the task's.
    let timeZone: TimeZone
    /// Kinds of Health-linked tasks shown beside the task's own.
    var companions: [Companion] = []

    /// The fixed columns before the kind columns.
    static let eventColumns = ["task", "occurrence", "event start", "created date", "task run UUID"]

    /// Header row: event columns, then one column per kind (each followed by its companions').
    var header: [String] { Self.eventColumns + columns.map(\.header) }

    /// One row per outcome, oldest event first.
    var rows: [[String]] {
        let columns = self.columns
        let companionCells = companions.map { companionCellsByDay($0) }
        return outcomes.sorted { ($0.eventStart, $0.occurrence, $0.createdDate) < ($1.eventStart, $1.occurrence, $1.createdDate) }
            .map { outcome in
                var cells: [String: [String]] = [:]
                for value in outcome.values {
                    guard let kind = value.kind else { continue }
                    cells[kind, default: []].append(value.value.text(timeZone: timeZone))
                }
                return [
                    task, String(outcome.occurrence), ISO8601Text.string(outcome.eventStart, timeZone: timeZone),
                    ISO8601Text.string(outcome.createdDate, timeZone: timeZone), outcome.taskRunUUID?.uuidString ?? "",
                ] + columns.map { column in
                    switch column {
                    case .own(let kind): (cells[kind] ?? []).joined(separator: "; ")
                    case .companion(let index, _): companionCells[index][dayKey(outcome.eventStart)] ?? ""
                    }
                }
            }
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
            [Column.own(kind.kind)] + companions.indices.filter { companions[$0].beside == kind.kind }
                .map { Column.companion($0, kind: companions[$0].kind) }
        }
    }

    /// A companion's cell per local day of its events ("; " between several events of one day).
    private func companionCellsByDay(_ companion: Companion) -> [String: String] {
        var cells: [String: [String]] = [:]
        let sorted = companion.outcomes.sorted { ($0.eventStart, $0.occurrence) < ($1.eventStart, $1.occurrence) }
        for outcome in sorted {
            for value in outcome.values where value.kind == companion.kind {
                cells[dayKey(outcome.eventStart), default: []].append(value.value.text(timeZone: timeZone))
            }
        }
        return cells.mapValues { $0.joined(separator: "; ") }
    }

    /// The local day of `date` in the table's zone, "YYYY-MM-DD".
    private func dayKey(_ date: Date) -> String {
        String(ISO8601Text.string(date, timeZone: timeZone).prefix(10))
    }

    /// RFC 4180 CSV with the header row.
    func csv() -> String {
        CSV.render(header: header, rows: rows)
    }

    private var uniqueKinds: [OutcomeKindDescription] {
        var seen: Set<String> = []
        return kinds.filter { seen.insert($0.kind).inserted }
    }
}

extension WideOutcomeTable {
    /// `regimen outcomes --task T --format csv --wide`: the wide CSV of `outcomes`, whose columns come from the task's
    /// extractor; a usage error without `--task` or with another format.
    /// `outcomesOfTask` reads another task's outcomes over the same days (for companions).
    static func export(
        task: String?, format: OutputFormat, outcomes: [Outcome], catalog: Catalog, workspace: Workspace,
        outcomesOfTask: (String) throws(RegimenError) -> [Outcome]
    ) throws(RegimenError) -> String {
        guard let task else { throw .usage("--wide needs --task: its columns are the outcome kinds of one task") }
        guard format == .csv else { throw .usage("--wide is a CSV layout: add --format csv") }
        let entry = try workspace.entry(task, in: catalog)
        let kinds = workspace.extractors(for: catalog).extractor(forTask: entry.taskIdentifier)?.producedKinds
            ?? entry.producedKinds
        var table = WideOutcomeTable(task: task, kinds: kinds, outcomes: outcomes, timeZone: workspace.environment.timeZone)
        for other in catalog.entries where other.taskIdentifier != task {
            guard let link = other.healthLink, let beside = link.beside, kinds.contains(where: { $0.kind == beside }) else { continue }
            table.companions.append(Companion(beside: beside, kind: link.kind, outcomes: try outcomesOfTask(other.taskIdentifier)))
        }
        return table.csv()
    }
}
