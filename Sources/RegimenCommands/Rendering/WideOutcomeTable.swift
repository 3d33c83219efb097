import CareModel
import Catalog
import Foundation
import OutcomeMapping

/// The wide export of one task's outcomes: one row per answered event, fixed columns — the event, then one column per
/// outcome kind the task declares (its extractor's `producedKinds`), empty where a result skipped it — so the file
/// loads into R or pandas without reshaping. Values of kinds the task does not declare are left out; several values
/// of one kind (e.g. a multiple choice) share their cell, separated by "; ".
struct WideOutcomeTable {
    /// The task.
    let task: String
    /// The declared kinds, in declaration order (duplicates dropped).
    let kinds: [OutcomeKindDescription]
    /// The task's outcomes.
    let outcomes: [Outcome]
    /// Zone for timestamps.
    let timeZone: TimeZone

    /// The fixed columns before the kind columns.
    static let eventColumns = ["task", "occurrence", "event start", "created date", "task run UUID"]

    /// Header row: event columns, then one column per kind.
    var header: [String] { Self.eventColumns + uniqueKinds.map(\.kind) }

    /// One row per outcome, oldest event first.
    var rows: [[String]] {
        let columns = uniqueKinds.map(\.kind)
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
                ] + columns.map { (cells[$0] ?? []).joined(separator: "; ") }
            }
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
    static func export(
        task: String?, format: OutputFormat, outcomes: [Outcome], catalog: Catalog, workspace: Workspace
    ) throws(RegimenError) -> String {
        guard let task else { throw .usage("--wide needs --task: its columns are the outcome kinds of one task") }
        guard format == .csv else { throw .usage("--wide is a CSV layout: add --format csv") }
        let entry = try workspace.entry(task, in: catalog)
        let kinds = workspace.extractors(for: catalog).extractor(forTask: entry.taskIdentifier)?.producedKinds ?? []
        return WideOutcomeTable(task: task, kinds: kinds, outcomes: outcomes, timeZone: workspace.environment.timeZone).csv()
    }
}
