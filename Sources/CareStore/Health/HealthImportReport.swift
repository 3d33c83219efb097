package import Foundation

/// What one `regimen health import` changed (docs/health-export.md, "Identity, re-import, deletions").
package struct HealthImportReport: Sendable, Equatable {
    /// The import's number in the store (1 for the first).
    package var importNumber: Int64
    /// Top-level items read.
    package var items: Int
    /// Samples (top-level records and correlation members, each once).
    package var samples: HealthImportCounts
    /// Workouts.
    package var workouts: HealthImportCounts
    /// Correlations.
    package var correlations: HealthImportCounts
    /// Activity summaries (days added or changed; never deleted).
    package var activitySummaries: HealthImportCounts
    /// Other top-level elements.
    package var others: HealthImportCounts
    /// Route points stored with new or changed workouts.
    package var routePoints: Int
    /// Routes whose GPX file the export does not contain.
    package var missingRouteFiles: Int
    /// Whether items absent from this export were marked deleted: only when it is at least as new as every export
    /// imported before (an older export re-imported deletes nothing).
    package var appliedDeletions: Bool
    /// When the export was made, if it says.
    package var exportDate: Date?
}

/// Per kind of item: how many were new, changed (a higher sync version), back after a deletion, marked deleted, or
/// already stored as they are.
package struct HealthImportCounts: Sendable, Equatable {
    /// New to the store.
    package var added = 0
    /// Replaced by a higher sync version.
    package var updated = 0
    /// Deleted by an earlier import, present again.
    package var restored = 0
    /// Absent from this (newest) export: marked deleted.
    package var deleted = 0
    /// Present and unchanged.
    package var unchanged = 0

    /// Creates counts.
    package init(added: Int = 0, updated: Int = 0, restored: Int = 0, deleted: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.restored = restored
        self.deleted = deleted
        self.unchanged = unchanged
    }

    /// Whether anything changed.
    package var changedAnything: Bool { added + updated + restored + deleted > 0 }
}
