import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// A study revision's changes in words and as JSON, for `study publish` and `study revisions`
/// (docs/study-database.md, "Publishing and revisions").
enum RevisionText {
    /// One change in words: `changed checkin: title "A" → "B"; schedule "daily at 08:00" → "daily at 09:00";
    /// variables added: mood`.
    static func line(_ change: TaskChange) -> String {
        switch change.kind {
        case .added: return "added \(change.taskID)"
        case .removed: return "removed \(change.taskID)"
        case .changed:
            var parts: [String] = []
            if let title = change.title { parts.append("title \"\(title.from)\" → \"\(title.to)\"") }
            if let schedule = change.schedule { parts.append("schedule \"\(schedule.from)\" → \"\(schedule.to)\"") }
            if let adherence = change.impactsAdherence {
                parts.append("counts for adherence \(adherence.from) → \(adherence.to)")
            }
            if !change.variablesAdded.isEmpty {
                parts.append("variables added: \(change.variablesAdded.joined(separator: ", "))")
            }
            if !change.variablesRemoved.isEmpty {
                parts.append("variables removed: \(change.variablesRemoved.joined(separator: ", "))")
            }
            if !change.variablesChanged.isEmpty {
                parts.append("variables changed: \(change.variablesChanged.joined(separator: ", "))")
            }
            if parts.isEmpty { parts.append("survey file changed (steps or wording)") }
            return "changed \(change.taskID): " + parts.joined(separator: "; ")
        }
    }

    /// The text listing of revisions, oldest first.
    static func listing(_ revisions: [StudyRevision]) -> String {
        guard !revisions.isEmpty else { return "no revision published yet\n" }
        var out = ""
        for revision in revisions {
            out += "revision \(revision.number)  \(StudyTimeText.utc(revision.publishedAt))  by \(revision.publishedBy)"
            out += "  (\(revision.tasks.count) task\(revision.tasks.count == 1 ? "" : "s"))\n"
            if revision.changes.isEmpty { out += "  no task changed\n" }
            for change in revision.changes { out += "  \(line(change))\n" }
            for task in revision.tasks {
                if let consent = task.consent { out += "  \(line(consent, task: task.id))\n" }
            }
        }
        return out
    }

    /// A consent document published: `consent of onboarding: onboarding-consent version 2, effective 2026-12-01,
    /// SHA-256 …` (docs/consent.md, "The study's copy of each version").
    static func line(_ consent: PublishedConsentDocument, task: String) -> String {
        "consent of \(task): \(consent.document) version \(consent.version), effective \(consent.effective), "
            + "SHA-256 \(consent.digest)"
    }

    /// The JSON listing of revisions: an array of objects, oldest first.
    static func json(_ revisions: [StudyRevision]) -> String {
        JSONWriter.prettyText(
            .array(
                revisions.map { revision in
                    .object([
                        "revision": .integer(revision.number),
                        "published_at": .string(StudyTimeText.utc(revision.publishedAt)),
                        "published_by": .string(revision.publishedBy),
                        "tasks": .array(revision.tasks.map { .string($0.id) }),
                        "changes": .array(revision.changes.map(json)),
                        "consents": .array(
                            revision.tasks.compactMap { task in
                                task.consent.map { consent in
                                    .object([
                                        "task": .string(task.id), "document": .string(consent.document),
                                        "version": .string(consent.version), "effective": .string(consent.effective),
                                        "required": .bool(consent.required),
                                        "withdrawal": .array(consent.withdrawal.map { .string($0) }),
                                        "language": consent.language.map { .string($0) } ?? .null,
                                        "digest": .string(consent.digest), "text": .string(consent.text),
                                    ])
                                }
                            }),
                    ])
                }))
    }

    private static func json(_ change: TaskChange) -> JSONValue {
        func difference(_ value: TaskChange.Difference?) -> JSONValue {
            value.map { .object(["from": .string($0.from), "to": .string($0.to)]) } ?? .null
        }
        return .object([
            "task": .string(change.taskID), "change": .string(change.kind.rawValue), "title": difference(change.title),
            "schedule": difference(change.schedule), "impacts_adherence": difference(change.impactsAdherence),
            "variables_added": .array(change.variablesAdded.map { .string($0) }),
            "variables_removed": .array(change.variablesRemoved.map { .string($0) }),
            "variables_changed": .array(change.variablesChanged.map { .string($0) }),
        ])
    }
}
