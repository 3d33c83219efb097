import HealthData

/// Why reading stopped inside the tokenizer: a problem of the export, or the caller's own error (passed on unchanged).
enum HealthReadStop: Error {
    /// The export is at fault.
    case export(HealthExportError)
    /// The item consumer threw.
    case consumer(any Error)
}
