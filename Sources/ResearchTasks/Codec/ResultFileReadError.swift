package import RegimenFoundation
package import SystemPackage

/// Why a result file could not be read: reading its bytes failed (a `FileError`, as every file operation's), or the
/// bytes are not a result file.
package enum ResultFileReadError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The file could not be read, or holds more than `ResultFiles.maximumBytes` (refused after a first read of 16 KiB
    /// at most).
    case file(FileError)
    /// The file was read but is not a valid result file.
    case malformed(path: FilePath, ResultFileError)

    /// The file concerned.
    package var path: FilePath {
        switch self {
        case .file(let error): error.path
        case .malformed(let path, _): path
        }
    }

    /// "PATH: problem"; never contains answer values.
    package var description: String { "\(path.string): \(problem)" }

    /// What went wrong, without the path (for lists already naming the file); never contains answer values.
    package var problem: String {
        switch self {
        case .file(let error):
            if case .tooLarge = error { "\(error.reason), the most a result file may hold" } else { error.problem }
        case .malformed(_, let error): error.description
        }
    }

    /// Like `description`, but a malformed file's error includes the offending text (for `--debug`).
    package var debugDescription: String {
        if case .malformed(let path, let error) = self { return "\(path.string): \(error.debugDescription)" }
        return description
    }
}
