import CLinuxFiles
package import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders readable by their owner only — health data stays private (docs/private-files.md): folders
/// 0700, files 0600, set explicitly so the umask can neither widen nor narrow them, and files written whole or not
/// at all. Opening, writing and reading go through swift-system; what it lacks (mkdir, fchmod, fsync, link,
/// rename) is called here and nowhere else.
package enum PrivateFiles {
    /// Owner read and write: 0600.
    package static let fileMode: FilePermissions = .ownerReadWrite
    /// Owner read, write and search: 0700.
    package static let folderMode: FilePermissions = .ownerReadWriteExecute

    /// Creates `path` and any missing parents, each 0700. An existing folder is left as it is.
    package static func makeFolder(_ path: FilePath) throws(FileError) {
        switch FileKind(of: path) {
        case .folder: return
        case .other: throw .notAFolder(path: path)
        case .missing: break
        }
        var parent = path
        if parent.removeLastComponent(), !parent.isEmpty, parent != path { try makeFolder(parent) }
        if let failure = call({ mkdir(path.string, mode_t(folderMode.rawValue)) }) {
            // Another process may have made it meanwhile.
            if failure == .fileExists, FileKind(of: path) == .folder { return }
            throw failure == .fileExists ? .notAFolder(path: path) : .cannotCreateFolder(path: path, errno: failure)
        }
        if let failure = call({ chmod(path.string, mode_t(folderMode.rawValue)) }) {
            throw .cannotCreateFolder(path: path, errno: failure)
        }
    }

    /// Creates a new file at `path` (refusing an existing one with `.cannotCreate(…, .fileExists)`), mode 0600,
    /// holding `bytes`, flushed to disk unless `flushed` is false (a scratch file flushed later, when it is finished).
    /// A file that cannot be written whole is removed.
    package static func createExclusive(
        _ path: FilePath, bytes: some Sequence<UInt8>, flushed: Bool = true
    ) throws(FileError) {
        let descriptor = try openNew(path)
        var failure: FileError?
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            failure = .cannotWrite(path: path, errno: error as? Errno ?? .ioError)
        }
        if failure == nil, flushed, let errno = call({ fsync(descriptor.rawValue) }) {
            failure = .cannotWrite(path: path, errno: errno)
        }
        do {
            try descriptor.close()
        } catch {
            if failure == nil { failure = .cannotWrite(path: path, errno: error as? Errno ?? .ioError) }
        }
        if let failure {
            remove(path)
            throw failure
        }
    }

    /// Opens a new file at `path` for writing (refusing an existing one with `.cannotCreate(…, .fileExists)`), mode
    /// 0600 whatever the umask; with `appending`, every write goes to its end. Errors name `reportedAs` (default
    /// `path`); a file whose mode cannot be set is removed.
    package static func openNew(_ path: FilePath, appending: Bool = false, reportedAs: FilePath? = nil)
        throws(FileError) -> FileDescriptor
    {
        let descriptor: FileDescriptor
        var options: FileDescriptor.OpenOptions = [.create, .exclusiveCreate, .closeOnExec]
        if appending { options.insert(.append) }
        do {
            descriptor = try FileDescriptor.open(path, .writeOnly, options: options, permissions: fileMode)
        } catch {
            throw .cannotCreate(path: reportedAs ?? path, errno: error as? Errno ?? .ioError)
        }
        if let errno = call({ fchmod(descriptor.rawValue, mode_t(fileMode.rawValue)) }) {
            try? descriptor.close()
            remove(path)
            throw .cannotChangeMode(path: reportedAs ?? path, errno: errno)
        }
        return descriptor
    }

    /// Replaces (or creates) `path` with `bytes`, mode 0600, atomically: written and flushed under a temporary name
    /// in the same folder, then renamed over it. On failure the old file, if any, is untouched and no temporary
    /// file is left.
    package static func writeAtomically(_ path: FilePath, bytes: some Sequence<UInt8>) throws(FileError) {
        let temporary = temporaryPath(beside: path)
        try createExclusive(temporary, bytes: bytes)
        if let errno = call({ rename(temporary.string, path.string) }) {
            remove(temporary)
            throw .cannotReplace(path: path, errno: errno)
        }
        syncFolder(of: path)
    }

    /// Writes `bytes` (mode 0600, whole or not at all) to the first of `candidates` that does not exist, never
    /// replacing a file; returns the name used, or nil when every candidate exists. Candidates share one folder.
    package static func writeNew(
        bytes: some Sequence<UInt8>, firstFreeOf candidates: some Sequence<FilePath>
    ) throws(FileError) -> FilePath? {
        var names = candidates.makeIterator()
        guard let first = names.next() else { return nil }
        let temporary = temporaryPath(beside: first)
        try createExclusive(temporary, bytes: bytes)
        defer { remove(temporary) }
        var candidate: FilePath? = first
        while let target = candidate {
            do throws(FileError) {
                try linkNew(temporary, as: target)
                return target
            } catch  where error.errno == .fileExists {
                candidate = names.next()
            }
        }
        return nil
    }

    /// Gives the finished file `source` the name `target` without ever replacing a file there
    /// (`.cannotReplace(target, .fileExists)` when taken): a hard link, or where links are not supported, an
    /// exclusively created placeholder renamed over. `source` keeps its name; the caller removes it.
    package static func linkNew(_ source: FilePath, as target: FilePath) throws(FileError) {
        guard let errno = call({ link(source.string, target.string) }) else {
            syncFolder(of: target)
            return
        }
        guard [.notPermitted, .notSupported, .noFunction, .tooManyLinks, .improperLink].contains(errno) else {
            throw .cannotReplace(path: target, errno: errno)
        }
        do throws(FileError) {
            try createExclusive(target, bytes: [])
        } catch {
            throw .cannotReplace(path: target, errno: error.errno ?? .ioError)
        }
        if let errno = call({ rename(source.string, target.string) }) {
            remove(target)
            throw .cannotReplace(path: target, errno: errno)
        }
        syncFolder(of: target)
    }

    /// Flushes the file at `path`, written by someone else (e.g. SQLite with syncing off), to disk.
    package static func flush(_ path: FilePath) throws(FileError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
        } catch {
            throw .cannotWrite(path: path, errno: error as? Errno ?? .ioError)
        }
        defer { try? descriptor.close() }
        if let errno = call({ fsync(descriptor.rawValue) }) { throw .cannotWrite(path: path, errno: errno) }
    }

    /// Makes an existing file owner-only (0600) when its group or others have any permission; a missing file is
    /// left missing.
    package static func tighten(_ path: FilePath) throws(FileError) {
        guard let mode = FileStatus.mode(of: path), mode & 0o077 != 0 else { return }  // group or others may access it
        if let errno = call({ chmod(path.string, mode_t(fileMode.rawValue)) }) {
            throw .cannotChangeMode(path: path, errno: errno)
        }
    }

    /// Removes the file at `path`, if any (errors ignored: for cleaning up temporary files).
    package static func remove(_ path: FilePath) {
        _ = unlink(path.string)
    }

    /// A fresh hidden name beside `path`: `.<name>.<random>.tmp`.
    package static func temporaryPath(beside path: FilePath) -> FilePath {
        let name = path.lastComponent?.string ?? "file"
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return path.removingLastComponent().appending(".\(name).\(random).tmp")
    }

    /// Flushes a change of names in `path`'s folder to disk (best effort).
    static func syncFolder(of path: FilePath) {
        var folder = path.removingLastComponent()
        if folder.isEmpty { folder = "." }
        guard let descriptor = try? FileDescriptor.open(folder, .readOnly, options: [.closeOnExec]) else { return }
        _ = fsync(descriptor.rawValue)
        try? descriptor.close()
    }

    /// Runs a C call returning 0 or −1; nil on success, else the errno.
    static func call(_ body: () -> Int32) -> Errno? {
        body() == 0 ? nil : Errno(rawValue: systemErrno)
    }

    private static var systemErrno: Int32 {
        #if canImport(Glibc)
            Glibc.errno
        #elseif canImport(Musl)
            Musl.errno
        #else
            Darwin.errno
        #endif
    }
}

extension PrivateFiles {
    /// Starts writing the file's changed pages to disk without waiting for them (Linux `sync_file_range`), so that a
    /// later flush of the file waits only for what changed since (docs/store-file.md, "A new store is created whole").
    /// Best effort, false when the call failed: the later flush then writes everything, as it would without this.
    @discardableResult
    package static func startWriteback(_ descriptor: FileDescriptor) -> Bool {
        regimen_start_writeback(descriptor.rawValue) == 0
    }

    /// The number of the file's cached pages changed and not yet on their way to disk; nil where the system cannot
    /// tell (Linux before 6.5).
    package static func pagesNotYetWritten(_ descriptor: FileDescriptor) -> Int? {
        let count = regimen_dirty_pages(descriptor.rawValue)
        return count < 0 ? nil : count
    }
}
