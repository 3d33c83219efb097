import Foundation
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// What is found at a store path before SQLite touches it: whether it is a SQLite file at all, and whether its mode
/// bits let this process write it (docs/store-file.md).
///
/// Write permission is read from the mode bits for the process's class (owner, group, others) — not from a write
/// attempt, and not from `access(2)` alone, which says yes to root whatever the bits say.
struct StoreFile {
    /// The first 16 bytes of every SQLite database file.
    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    let path: FilePath
    /// True when the file's mode bits (or the file system) do not let this process write it.
    let isReadOnly: Bool
    /// The mode bits (permission part).
    let mode: mode_t

    /// Inspects the existing file at `path`; throws when it is missing, not a regular file, empty or not SQLite.
    static func inspect(_ path: FilePath) throws(CareStoreError) -> StoreFile {
        var info = stat()
        guard stat(path.string, &info) == 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAStore(path: path, problem: .notAFile) }
        guard info.st_size > 0 else { throw .notAStore(path: path, problem: .empty) }
        let descriptor = open(path.string, O_RDONLY)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: sqliteHeader.count)
        let count = read(descriptor, &header, header.count)
        guard count == header.count, header == sqliteHeader else { throw .notAStore(path: path, problem: .notSQLite) }
        return StoreFile(
            path: path, isReadOnly: !modeAllowsWriting(info) || access(path.string, W_OK) != 0,
            mode: info.st_mode & 0o7777)
    }

    /// Whether the write bit of this process's class (owner, group or others) is set.
    private static func modeAllowsWriting(_ info: stat) -> Bool {
        if info.st_uid == geteuid() { return info.st_mode & S_IWUSR != 0 }
        if isMember(of: info.st_gid) { return info.st_mode & S_IWGRP != 0 }
        return info.st_mode & S_IWOTH != 0
    }

    private static func isMember(of group: gid_t) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 && groups.prefix(Int(filled)).contains(group)
    }

    /// True when a write-ahead log with content sits beside the file (a writer crashed or is still open).
    var hasPendingLog: Bool {
        var info = stat()
        return stat(path.string + "-wal", &info) == 0 && info.st_size > 0
    }
}
