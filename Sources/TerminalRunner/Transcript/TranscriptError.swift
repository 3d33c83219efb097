package import RegimenFoundation

/// Why a transcript or answer file cannot be read, written or used (messages name file and line, never answers).
package enum TranscriptError: Error, Sendable, Hashable {
    /// The file cannot be read or written.
    case file(FileError)
    /// The file is not UTF-8 text.
    case notText(file: String)
    /// A line is not what a transcript line must be.
    case malformedLine(file: String, line: Int, reason: String)
    /// The header names a format other than "regimen-transcript".
    case unsupportedFormat(file: String, format: String)
    /// The header's version is not one this build reads.
    case unsupportedVersion(file: String, version: Int)
    /// The transcript was recorded for another task.
    case taskDiffers(file: String, expected: String, recorded: String)
}

extension TranscriptError: CustomStringConvertible {
    /// A one-line message naming file and line.
    package var description: String {
        switch self {
        case .file(let error): error.description
        case .notText(let file): "\(file): not UTF-8 text"
        case .malformedLine(let file, let line, let reason): "\(file) line \(line): \(reason)"
        case .unsupportedFormat(let file, let format):
            "\(file) line 1: unknown format \"\(format)\" (expected \"\(TranscriptHeader.formatName)\")"
        case .unsupportedVersion(let file, let version):
            "\(file) line 1: transcript version \(version) is not supported (this build reads version \(TranscriptHeader.currentVersion))"
        case .taskDiffers(let file, let expected, let recorded):
            "\(file) line 1: the transcript was recorded for task \"\(recorded)\", not \"\(expected)\""
        }
    }
}
