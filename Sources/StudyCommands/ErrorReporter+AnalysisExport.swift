import RegimenCommands

extension AnalysisExportError: ReportedError {
    /// The message: "study export: FILE: …".
    var text: String {
        switch self {
        case .readStat(let file, let operation, _, let message):
            "study export: \(file): ReadStat could not \(operation): \(message); nothing was exported"
        case .textTooLong(let file, let variable, let bytes, let limit):
            "study export: \(file): a value of \(variable) has \(bytes) bytes, more than the \(limit) the format "
                + "holds; nothing was exported (the CSV export, --format spss or --format stata keeps it whole)"
        case .studyChanged(let file):
            "study export: \(file): the study's data changed while it was being exported (an ingest ran); nothing "
                + "was exported: run the export again"
        }
    }

    /// The exit code: bad data for a value the format cannot hold, try again for a changed study, else failure.
    var exitCode: Int32 {
        switch self {
        case .readStat: ErrorReporter.Code.failure
        case .textTooLong: ErrorReporter.Code.badData
        case .studyChanged: ErrorReporter.Code.tryAgain
        }
    }

    /// ReadStat's error code, for --debug.
    var debugDetail: String? {
        switch self {
        case .readStat(_, _, let code, _): "readstat_error_t \(code)"
        case .textTooLong, .studyChanged: nil
        }
    }
}
