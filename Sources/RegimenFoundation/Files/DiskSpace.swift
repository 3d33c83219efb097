package import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// How much room the disk holding a path has left (`statvfs(2)`, the space an unprivileged process may use), and
/// whether it counts as full: the one test every command uses to say "the disk is full" rather than a vaguer failure
/// (docs/store-file.md, "A full disk").
package enum DiskSpace {
    /// Below this many free bytes a disk counts as full: less than a result file, a store page and its log need.
    package static let fullBelowBytes: Int64 = 64 << 10

    /// The bytes free to this process on the disk holding `path` (or, when `path` does not exist, its nearest
    /// existing parent); nil when that cannot be asked.
    package static func available(at path: FilePath) -> Int64? {
        var candidate = path
        while true {
            var info = statvfs()
            if statvfs(candidate.string, &info) == 0 { return Int64(info.f_bavail) * Int64(info.f_frsize) }
            guard errno == ENOENT, !candidate.removingLastComponent().isEmpty,
                candidate != candidate.removingLastComponent()
            else {
                return nil
            }
            candidate = candidate.removingLastComponent()
        }
    }

    /// Whether the disk holding `path` has less than `fullBelowBytes` free; false when that cannot be told.
    package static func isFull(at path: FilePath) -> Bool {
        guard let free = available(at: path) else { return false }
        return free < fullBelowBytes
    }

    /// Whether `errno` says the disk (or the user's quota on it) is full.
    package static func meansFull(_ errno: Errno) -> Bool {
        errno == .noSpace || errno == .diskQuotaExceeded
    }
}
