package import SystemPackage

#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// `stat(2)` of a path, following symbolic links. Called directly rather than through swift-system's
/// `FilePath.stat()`, whose `Result<stat, Errno>` costs the runtime a protocol-conformance scan on first use in a
/// static binary, on every command's path (docs/performance.md, "`regimen today` (the care feed)").
package enum FileStatus {
    /// The mode (type and permission bits) of what `path` names, or nil when nothing reachable is there.
    package static func mode(of path: FilePath) -> mode_t? {
        status(of: path)?.st_mode
    }

    /// Which file `path` names (device and inode, following symbolic links), or nil when nothing reachable is there.
    package static func identity(of path: FilePath) -> FileIdentity? {
        status(of: path).map(FileIdentity.init)
    }

    /// Which file `descriptor` has open, or nil when `fstat` fails.
    package static func identity(of descriptor: FileDescriptor) -> FileIdentity? {
        var info = stat()
        return fstat(descriptor.rawValue, &info) == 0 ? FileIdentity(info) : nil
    }

    private static func status(of path: FilePath) -> stat? {
        var info = stat()
        let result = path.withPlatformString { stat($0, &info) }
        return result == 0 ? info : nil
    }

    /// Whether `mode` is a folder's.
    package static func isFolder(_ mode: mode_t) -> Bool {
        mode & S_IFMT == S_IFDIR
    }
}

/// One file on one device, whatever its names: the same identity at two moments is the same file.
package struct FileIdentity: Hashable, Sendable {
    /// The device holding it (`st_dev`).
    package var device: UInt64
    /// Its inode number on that device (`st_ino`).
    package var inode: UInt64

    fileprivate init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
