import TerminalRunner

extension RegimenError {
    /// The CLI's reading of a transcript that cannot be used: a failed file operation is `.file` (exit 1), anything
    /// else is bad data naming the file and line (exit 65).
    static func transcript(_ error: TranscriptError) -> RegimenError {
        if case .file(let failure) = error { .file(failure) } else { .badData(error.description) }
    }
}
