/// How one task differs between a revision and the one before it: added, removed, or changed (its survey file's
/// digest differs), with what changed in words (docs/study-database.md, "Publishing and revisions"). Kept in
/// `study_revision.changes`.
package struct TaskChange: Codable, Sendable, Hashable {
    /// Added, changed or removed.
    package enum Kind: String, Codable, Sendable, Hashable {
        /// New in this revision.
        case added
        /// Its survey file changed.
        case changed
        /// No longer published: participants get a tombstone version.
        case removed
    }

    /// A value before and after.
    package struct Difference: Codable, Sendable, Hashable {
        /// Before.
        package var from: String
        /// After.
        package var to: String
    }

    /// The task id.
    package var taskID: String
    /// What happened to it.
    package var kind: Kind
    /// The title, when it changed.
    package var title: Difference?
    /// The schedule in words, when it changed.
    package var schedule: Difference?
    /// Whether it counts towards adherence, when that changed.
    package var impactsAdherence: Difference?
    /// Kinds of the variables it declares now and did not.
    package var variablesAdded: [String]
    /// Kinds of the variables it declared and no longer does.
    package var variablesRemoved: [String]
    /// Kinds of the variables declared before and now whose type, label, units, choices, limits or condition differ.
    package var variablesChanged: [String]

    /// The changes from `previous` to `next` (task lists of two revisions): added and changed tasks in `next`'s
    /// order, then removed ones in `previous`'s order; a task whose digest is unchanged is not listed.
    package static func between(_ previous: [PublishedTask], _ next: [PublishedTask]) -> [TaskChange] {
        let before = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let nextIDs = Set(next.map(\.id))
        var changes: [TaskChange] = []
        for task in next {
            guard let old = before[task.id] else {
                changes.append(TaskChange(taskID: task.id, kind: .added, variablesAdded: task.variables.map(\.kind)))
                continue
            }
            guard old.digest != task.digest else { continue }
            changes.append(changed(from: old, to: task))
        }
        for task in previous where !nextIDs.contains(task.id) {
            changes.append(TaskChange(taskID: task.id, kind: .removed, variablesRemoved: task.variables.map(\.kind)))
        }
        return changes
    }

    private static func changed(from old: PublishedTask, to new: PublishedTask) -> TaskChange {
        func difference(_ from: String, _ to: String) -> Difference? {
            from == to ? nil : Difference(from: from, to: to)
        }
        let oldVariables = Dictionary(old.variables.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        let newKinds = Set(new.variables.map(\.kind))
        return TaskChange(
            taskID: new.id, kind: .changed, title: difference(old.title, new.title),
            schedule: difference(old.scheduleSummary, new.scheduleSummary),
            impactsAdherence: difference(old.impactsAdherence ? "yes" : "no", new.impactsAdherence ? "yes" : "no"),
            variablesAdded: new.variables.map(\.kind).filter { oldVariables[$0] == nil },
            variablesRemoved: old.variables.map(\.kind).filter { !newKinds.contains($0) },
            variablesChanged: new.variables.filter { variable in
                oldVariables[variable.kind].map { $0 != variable } ?? false
            }.map(\.kind))
    }

    /// Creates a change.
    package init(
        taskID: String, kind: Kind, title: Difference? = nil, schedule: Difference? = nil,
        impactsAdherence: Difference? = nil, variablesAdded: [String] = [], variablesRemoved: [String] = [],
        variablesChanged: [String] = []
    ) {
        self.taskID = taskID
        self.kind = kind
        self.title = title
        self.schedule = schedule
        self.impactsAdherence = impactsAdherence
        self.variablesAdded = variablesAdded
        self.variablesRemoved = variablesRemoved
        self.variablesChanged = variablesChanged
    }
}
