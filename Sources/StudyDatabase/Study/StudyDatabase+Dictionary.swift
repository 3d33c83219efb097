import Foundation

extension StudyDatabase {
    /// Every revision's published tasks, oldest revision first (docs/study-database.md, "Publishing and revisions").
    package func publishedTasks() async throws(StudyDatabaseError) -> [(revision: Int, tasks: [PublishedTask])] {
        try await StudyRevisionTable.revisions(study: studyID, connection).map { stored throws(StudyDatabaseError) in
            guard let tasks = try? JSONDecoder().decode([PublishedTask].self, from: Data(stored.surveys.utf8)) else {
                throw .corruptRow(
                    what: "study revision \(stored.revision)", reason: "its surveys are not the published tasks' JSON")
            }
            return (stored.revision, tasks)
        }
    }

    /// The declared variables of every task (only `task` when given) over all revisions: tasks in order of first
    /// publication, each task's kinds in first-declaration order.
    package static func declaredKinds(
        _ revisions: [(revision: Int, tasks: [PublishedTask])], task: String?
    ) -> [(task: String, kinds: [String])] {
        var order: [String] = []
        var kinds: [String: [String]] = [:]
        for revision in revisions {
            for published in revision.tasks where task == nil || published.id == task {
                if kinds[published.id] == nil { order.append(published.id) }
                for variable in published.variables where !(kinds[published.id] ?? []).contains(variable.kind) {
                    kinds[published.id, default: []].append(variable.kind)
                }
            }
        }
        return order.map { ($0, kinds[$0] ?? []) }
    }

    /// The wide table's variable columns for the tasks `task` selects (all when nil).
    package func wideColumns(task: String?) async throws(StudyDatabaseError) -> WideColumns {
        WideColumns(tasks: Self.declaredKinds(try await publishedTasks(), task: task))
    }

    /// `study dictionary`: one row per variable of every task ever published, in wide column order, described as
    /// last published, with the revision that added it and the one that removed it (if no later revision declares it).
    package func dictionary() async throws(StudyDatabaseError) -> [DictionaryRow] {
        let revisions = try await publishedTasks()
        let columns = WideColumns(tasks: Self.declaredKinds(revisions, task: nil))
        var rows: [DictionaryRow] = []
        for (task, kinds) in Self.declaredKinds(revisions, task: nil) {
            for kind in kinds {
                let declaring = revisions.filter { revision in
                    revision.tasks.contains { $0.id == task && $0.variables.contains { $0.kind == kind } }
                }
                guard let first = declaring.first, let last = declaring.last,
                    let definition = last.tasks.first(where: { $0.id == task })?.variables.first(where: {
                        $0.kind == kind
                    })
                else { continue }
                let removed = revisions.first { $0.revision > last.revision }?.revision
                rows.append(
                    DictionaryRow(
                        variable: columns.name(task: task, kind: kind) ?? kind, task: task, definition: definition,
                        revisionAdded: first.revision, revisionRemoved: removed))
            }
        }
        return rows
    }
}
