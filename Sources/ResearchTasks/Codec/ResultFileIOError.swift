package import RegimenFoundation
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a result file could not be written or read. Paths are file-system paths; `code` is the `errno`.
package enum ResultFileIOError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The path given as the results directory exists and is not a directory.
    case notADirectory(path: String)
    /// A directory could not be created.
    case cannotCreateDirectory(path: String, code: Int32)
    /// The file (or its temporary file) could not be created or written.
    case cannotWrite(path: String, code: Int32)
    /// Every candidate name `<baseName>.json`, `<baseName>-2.json`, … was taken.
    case noFreeName(directory: String, baseName: String)
    /// The file could not be opened or read.
    case cannotRead(path: String, code: Int32)
    /// The file was read but is not a valid result file.
    case malformed(path: String, error: ResultFileError)
    /// The file holds more than `limit` bytes, the most a result file may (`ResultFiles.maximumBytes`); it was refused
    /// from its size, after a first read of 16 KiB at most.
    case tooLarge(path: String, limit: Int)

    /// "PATH: problem"; never contains answer values.
    package var description: String {
        switch self {
        case .notADirectory(let path), .cannotCreateDirectory(let path, _), .cannotWrite(let path, _),
            .cannotRead(let path, _), .malformed(let path, _), .tooLarge(let path, _):
            "\(path): \(problem)"
        case .noFreeName(let directory, _): "\(directory): \(problem)"
        }
    }

    /// What went wrong, without the path (for lists already naming the file); never contains answer values.
    package var problem: String {
        switch self {
        case .notADirectory: "not a directory"
        case .cannotCreateDirectory(_, let code): "cannot create directory (\(Self.reason(code)))"
        case .cannotWrite(_, let code): "cannot write (\(Self.reason(code)))"
        case .noFreeName(_, let baseName): "no free file name for \(baseName)"
        case .cannotRead(_, let code): "cannot read (\(Self.reason(code)))"
        case .malformed(_, let error): error.description
        case .tooLarge(_, let limit): "larger than \(limit / 1_048_576) MiB, the most a result file may hold"
        }
    }

    /// Whether the file or its folder could not be written because the disk (or the user's quota on it) is full.
    package var isDiskFull: Bool {
        switch self {
        case .cannotWrite(_, let code), .cannotCreateDirectory(_, let code): code == ENOSPC || code == EDQUOT
        default: false
        }
    }

    /// Like `description`, but a malformed file's error includes the offending text (for `--debug`).
    package var debugDescription: String {
        if case .malformed(let path, let error) = self { return "\(path): \(error.debugDescription)" }
        return description
    }

    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

extension ResultFileIOError {
    /// The result-file wording of a file operation's failure (same path, same errno).
    package init(_ error: FileError) {
        let path = error.path.string
        let code = error.errno?.rawValue ?? 0
        switch error {
        case .notAFolder: self = .notADirectory(path: path)
        case .cannotCreateFolder: self = .cannotCreateDirectory(path: path, code: code)
        case .cannotRead: self = .cannotRead(path: path, code: code)
        case .cannotCreate, .cannotWrite, .cannotReplace, .cannotChangeMode: self = .cannotWrite(path: path, code: code)
        case .tooLarge(_, let limit): self = .tooLarge(path: path, limit: limit)
        }
    }
}
