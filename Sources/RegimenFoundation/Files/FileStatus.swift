import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// `stat(2)` of a path, following symbolic links. Called directly rather than through swift-system's
/// `FilePath.stat()`, whose `Result<stat, Errno>` costs the runtime a protocol-conformance scan on first use in a
/// static binary, on every command's path (docs/performance.md, "`regimen today`").
package enum FileStatus {
    /// The mode (type and permission bits) of what `path` names, or nil when nothing reachable is there.
    package static func mode(of path: FilePath) -> mode_t? {
        var info = stat()
        let result = path.withPlatformString { stat($0, &info) }
        return result == 0 ? info.st_mode : nil
    }

    /// Whether `mode` is a folder's.
    package static func isFolder(_ mode: mode_t) -> Bool {
        mode & S_IFMT == S_IFDIR
    }
}
