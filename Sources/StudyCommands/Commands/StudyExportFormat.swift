import ArgumentParser

/// What `study export --format` writes (docs/study-database.md, "What researchers read"; docs/redcap.md).
enum StudyExportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The researchers' tables as CSV, the revisions as JSON.
    case csv
    /// REDCap's data dictionary and import file.
    case redcap
    /// The CSV export and the outcome tables as SPSS `.sav` (docs/analysis-exports.md).
    case spss
    /// The CSV export and the outcome tables as Stata `.dta`.
    case stata
    /// The CSV export and the outcome tables as SAS transport `.xpt`.
    case sas
    /// The CSV export and the outcome tables as CSV with an `.R` script.
    case r

    /// The analysis files the format adds to the CSV export (`.csv` adds none); nil for REDCap.
    var analysis: AnalysisFormat? {
        switch self {
        case .csv: .csv
        case .redcap: nil
        case .spss: .spss
        case .stata: .stata
        case .sas: .sas
        case .r: .r
        }
    }
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
