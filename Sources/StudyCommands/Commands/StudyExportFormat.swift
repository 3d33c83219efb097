import ArgumentParser

/// What `study export --format` writes (docs/study-database.md, "What researchers read"; docs/redcap.md).
enum StudyExportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The researchers' tables as CSV, the revisions as JSON.
    case csv
    /// REDCap's data dictionary and import file.
    case redcap
}

/// What `study dictionary --format` writes.
enum StudyDictionaryFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The dictionary as CSV.
    case csv
    /// The dictionary as JSON.
    case json
    /// REDCap's data dictionary (docs/redcap.md).
    case redcap
}
