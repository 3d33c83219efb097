package import SystemPackage

/// Why a file operation failed: the operation, the path it was on, and the system's error (docs/private-files.md,
/// "When a file operation fails"). The one error type of file operations in every target; it never holds file
/// contents, so it is safe to show.
package enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A folder (or one of its missing parents) could not be created.
    case cannotCreateFolder(path: FilePath, errno: Errno)
    /// Something that is not a folder stands where a folder is needed.
    case notAFolder(path: FilePath)
    /// A new file could not be created (`errno` is `.fileExists` when the name is taken).
    case cannotCreate(path: FilePath, errno: Errno)
    /// The file was created but its bytes could not be written or flushed.
    case cannotWrite(path: FilePath, errno: Errno)
    /// The finished file could not be moved or linked to its name.
    case cannotReplace(path: FilePath, errno: Errno)
    /// The file could not be opened or read.
    case cannotRead(path: FilePath, errno: Errno)
    /// The file's permissions could not be changed.
    case cannotChangeMode(path: FilePath, errno: Errno)
    /// The file holds more than the `limit` bytes its reader accepts; nothing past the limit was read.
    case tooLarge(path: FilePath, limit: Int)
    /// Every name tried for a new file in `folder` (`name`, then `name` with `-2`, `-3`, …) was taken.
    case noFreeName(folder: FilePath, name: String)

    /// The path the failed operation was on.
    package var path: FilePath {
        switch self {
        case .cannotCreateFolder(let path, _), .notAFolder(let path), .cannotCreate(let path, _),
            .cannotWrite(let path, _), .cannotReplace(let path, _), .cannotRead(let path, _),
            .cannotChangeMode(let path, _), .tooLarge(let path, _), .noFreeName(let path, _):
            path
        }
    }

    /// The system's error, if the operation got one.
    package var errno: Errno? {
        switch self {
        case .notAFolder, .tooLarge, .noFreeName: nil
        case .cannotCreateFolder(_, let errno), .cannotCreate(_, let errno), .cannotWrite(_, let errno),
            .cannotReplace(_, let errno), .cannotRead(_, let errno), .cannotChangeMode(_, let errno):
            errno
        }
    }

    /// The system's reason in words ("Permission denied"), or "not a folder", or "larger than 64 MiB".
    package var reason: String {
        switch self {
        case .notAFolder: "not a folder"
        case .tooLarge(_, let limit):
            limit % 1_048_576 == 0 ? "larger than \(limit / 1_048_576) MiB" : "larger than \(limit) bytes"
        case .noFreeName: "every name is taken"
        default: errno.map { String(describing: $0) } ?? "failed"
        }
    }

    /// What failed and why, without the path: "cannot be read (Permission denied)", "exists already; nothing was
    /// written".
    package var problem: String {
        switch self {
        case .cannotCreateFolder: "cannot create the folder (\(reason))"
        case .notAFolder: "not a folder"
        case .cannotCreate(_, .fileExists), .cannotReplace(_, .fileExists): "exists already; nothing was written"
        case .cannotCreate: "cannot be created (\(reason))"
        case .cannotWrite, .cannotReplace: "cannot be written (\(reason))"
        case .cannotRead: "cannot be read (\(reason))"
        case .cannotChangeMode: "cannot be made owner-only (\(reason))"
        case .tooLarge: reason
        case .noFreeName(_, let name): "no free file name for \(name)"
        }
    }

    /// "PATH: problem", the way every command shows a failed file operation.
    package var description: String { "\(path.string): \(problem)" }

    /// Whether the write failed because the disk, or the user's quota on it, is full.
    package var isDiskFull: Bool { errno == .noSpace || errno == .diskQuotaExceeded }
}
