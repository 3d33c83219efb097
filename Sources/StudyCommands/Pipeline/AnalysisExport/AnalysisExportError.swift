/// Why an analysis file could not be written (docs/analysis-exports.md, "When an export fails"). No case holds an
/// answer: only file and variable names, sizes and ReadStat's own words.
enum AnalysisExportError: Error, Sendable, Hashable {
    /// ReadStat refused an operation (`operation`, e.g. "add variable pain"): its error code and message.
    case readStat(file: String, operation: String, code: Int, message: String)
    /// A text value is longer than the format holds (SAS transport's 200 bytes, Stata's strL 2,000,000,000).
    case textTooLong(file: String, variable: String, bytes: Int, limit: Int)
    /// The study's rows changed between the pass that sizes the file and the pass that writes it (an ingest ran at
    /// the same time).
    case studyChanged(file: String)
}
