package import CareModel
package import Foundation
package import RegimenFoundation

/// One row of the wide outcomes table: one event of a participant's task versions, completed or missed, with the
/// values of its current outcome under the study's fixed variable columns (docs/study-database.md, "What researchers
/// read").
package struct WideOutcomeRow: Sendable, Hashable {
    /// The participant.
    package var participant: Participant
    /// The task id.
    package var task: String
    /// The event's occurrence in its task version's schedule.
    package var occurrence: Int
    /// When the event starts.
    package var eventStart: Date
    /// The event's start as the participant's home zone reads it.
    package var localStart: CivilDateTime
    /// The study day of the event.
    package var studyDay: Int
    /// The current outcome's values per variable column (empty where none), in `WideColumns` order.
    package var cells: [[OutcomeValue.Value]]
    /// Whether the event has a current outcome.
    package var completed: Bool

    /// `completed` or `missed`.
    package var status: String { completed ? "completed" : "missed" }

    /// The columns before the variable columns.
    package static let eventColumns = [
        "participant", "task", "occurrence", "event_start_utc", "event_start_local", "study_day", "status",
    ]
}

/// The wide table's variable columns: every variable any revision declared for the selected tasks, named by kind, or
/// `task.kind` when two tasks declare the same kind — fixed by the revisions, whatever rows a filter keeps.
package struct WideColumns: Sendable, Hashable {
    /// The column names, in order (tasks in order of first publication, variables in their declared order).
    package let names: [String]
    /// The task and kind of each column, in order.
    package let sources: [Source]
    private let positions: [String: [String: Int]]

    /// The columns of `tasks`' variables (each task's variables over every revision, first declaration first).
    package init(tasks: [(task: String, kinds: [String])]) {
        var owners: [String: Set<String>] = [:]
        for entry in tasks { for kind in entry.kinds { owners[kind, default: []].insert(entry.task) } }
        var names: [String] = []
        var sources: [Source] = []
        var positions: [String: [String: Int]] = [:]
        for entry in tasks {
            for kind in entry.kinds where positions[entry.task]?[kind] == nil {
                positions[entry.task, default: [:]][kind] = names.count
                names.append((owners[kind]?.count ?? 0) > 1 ? "\(entry.task).\(kind)" : kind)
                sources.append(Source(task: entry.task, kind: kind))
            }
        }
        self.names = names
        self.sources = sources
        self.positions = positions
    }

    /// The task and kind a column holds.
    package struct Source: Sendable, Hashable {
        /// The task id.
        package var task: String
        /// The outcome kind.
        package var kind: String

        /// Creates a source.
        package init(task: String, kind: String) {
            self.task = task
            self.kind = kind
        }
    }

    /// The column of `kind` of task `task`, if declared.
    package func position(task: String, kind: String) -> Int? { positions[task]?[kind] }

    /// The name of the column of `kind` of task `task`, if declared.
    package func name(task: String, kind: String) -> String? { position(task: task, kind: kind).map { names[$0] } }
}
