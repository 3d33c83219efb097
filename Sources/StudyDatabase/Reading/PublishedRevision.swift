package import Foundation

/// A stored study revision as `study export` writes it to `revisions.json`: who published it when, its surveys and
/// what changed, both as the JSON the database keeps (docs/study-database.md, "What researchers read").
package struct PublishedRevision: Sendable, Hashable {
    /// The revision number.
    package var revision: Int
    /// When it was published.
    package var publishedAt: Date
    /// Who published it (the database role).
    package var publishedBy: String
    /// The published tasks, JSON text.
    package var surveysJSON: String
    /// What changed from the revision before, JSON text.
    package var changesJSON: String
}

extension StudyDatabase {
    /// Every revision of the study, oldest first, as stored.
    package func publishedRevisions() async throws(StudyDatabaseError) -> [PublishedRevision] {
        try await StudyRevisionTable.revisions(study: studyID, connection).map {
            PublishedRevision(
                revision: $0.revision, publishedAt: $0.publishedAt, publishedBy: $0.publishedBy,
                surveysJSON: $0.surveys,
                changesJSON: $0.changes)
        }
    }

    /// The study's current revision (0 before the first publish).
    package func currentRevision() async throws(StudyDatabaseError) -> Int {
        try await StudyTable.revision(of: studyID, connection)
    }

    /// The schema version this program reads and writes.
    package static var schemaVersion: Int { SchemaMigrations.current }
}
