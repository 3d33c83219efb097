package import Foundation

/// One published revision of a study, as `study_revision` keeps it (docs/study-database.md, "Publishing and
/// revisions").
package struct StudyRevision: Sendable, Hashable {
    /// Its number: 1 for the first publish.
    package var number: Int
    /// When it was published.
    package var publishedAt: Date
    /// The login that published it.
    package var publishedBy: String
    /// The tasks it published.
    package var tasks: [PublishedTask]
    /// What changed from the revision before.
    package var changes: [TaskChange]

    /// Creates a revision.
    package init(number: Int, publishedAt: Date, publishedBy: String, tasks: [PublishedTask], changes: [TaskChange]) {
        self.number = number
        self.publishedAt = publishedAt
        self.publishedBy = publishedBy
        self.tasks = tasks
        self.changes = changes
    }
}
