package import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private file (0600, docs/private-files.md) that one process appends to record by record, each record on disk
/// before `append` returns, and holds while it lives: a `flock(2)` lock on the file tells other processes that its
/// writer is still running. When the writer dies in any way (killed, out of memory, the power cut), the kernel drops
/// the lock and the file holds every record appended, the last perhaps cut short by a power cut; `claim` then hands
/// its bytes to whoever picks it up (docs/finish-later.md, "When the program is stopped").
package final class PrivateJournal {
    /// Where it is written.
    package let path: FilePath
    private var descriptor: FileDescriptor?

    /// Creates the journal at `path` holding `bytes` (refusing an existing file there: `.cannotCreate(…,
    /// .fileExists)`), on disk and locked by this process. It is written and locked under a temporary name first and
    /// linked into place, so that no one finds it unlocked.
    package init(creating path: FilePath, bytes: some Sequence<UInt8>) throws(FileError) {
        let temporary = PrivateFiles.temporaryPath(beside: path)
        let descriptor = try PrivateFiles.openNew(temporary, appending: true, reportedAs: path)
        defer { PrivateFiles.remove(temporary) }
        var failure: FileError?
        if let errno = PrivateFiles.call({ flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }) {
            failure = .cannotCreate(path: path, errno: errno)
        } else {
            do {
                _ = try descriptor.writeAll(bytes)
            } catch {
                failure = .cannotWrite(path: path, errno: error as? Errno ?? .ioError)
            }
            if failure == nil, let errno = PrivateFiles.call({ fsync(descriptor.rawValue) }) {
                failure = .cannotWrite(path: path, errno: errno)
            }
        }
        if failure == nil {
            // Never replacing a journal another process holds; the lock stays with the file under its new name.
            do throws(FileError) {
                try PrivateFiles.linkNew(temporary, as: path)
            } catch {
                failure = .cannotCreate(path: path, errno: error.errno ?? .ioError)
            }
        }
        if let failure {
            try? descriptor.close()
            throw failure
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { try? descriptor?.close() }

    /// Appends `bytes` and waits until they are on disk (`fdatasync`). After a failure the file may end in part of
    /// `bytes`; stop appending then.
    package func append(_ bytes: some Sequence<UInt8>) throws(FileError) {
        guard let descriptor else { throw .cannotWrite(path: path, errno: .badFileDescriptor) }
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw .cannotWrite(path: path, errno: error as? Errno ?? .ioError)
        }
        try flushData(descriptor)
    }

    /// Replaces everything the journal holds with `bytes`, on disk when it returns. Not atomic: a journal stopped
    /// during the call holds part of `bytes`; use it only while the journal holds nothing that is not kept elsewhere.
    package func rewrite(_ bytes: some Sequence<UInt8>) throws(FileError) {
        guard let descriptor else { throw .cannotWrite(path: path, errno: .badFileDescriptor) }
        // Opened to append: the next write after truncating starts at the beginning.
        if let errno = PrivateFiles.call({ ftruncate(descriptor.rawValue, 0) }) {
            throw .cannotWrite(path: path, errno: errno)
        }
        try append(bytes)
    }

    /// Removes the file and lets it go: what it held is no longer needed.
    package func remove() {
        guard let descriptor else { return }
        Self.remove(path, ifStill: descriptor)
        close()
    }

    /// Lets the file go, leaving it in place for a later `claim`.
    package func close() {
        try? descriptor?.close()
        descriptor = nil
    }

    /// What was found at a journal's path.
    package enum Claim {
        /// No file is there.
        case missing
        /// Its writer is still running (another process holds the file).
        case held
        /// Its writer is gone: the file's bytes, and the claim, which keeps other claimants out until it is dropped.
        case left(bytes: [UInt8], claim: Claimed)
    }

    /// A journal left by a writer that is gone, locked by the claimant until `remove()` or until it is dropped.
    package final class Claimed {
        /// Where it is.
        package let path: FilePath
        private var descriptor: FileDescriptor?

        fileprivate init(path: FilePath, descriptor: FileDescriptor) {
            self.path = path
            self.descriptor = descriptor
        }

        deinit { try? descriptor?.close() }

        /// Removes the file (after its contents were kept elsewhere) and lets it go.
        package func remove() {
            guard let descriptor else { return }
            PrivateJournal.remove(path, ifStill: descriptor)
            try? descriptor.close()
            self.descriptor = nil
        }
    }

    /// Looks at the journal at `path` without waiting: missing, held by a running writer, or left (its bytes, read
    /// whole, at most `limit` of them). Another claimant of the same file meanwhile sees it held. Throws when the file
    /// cannot be opened, locked or read: whether its writer lives is then unknown, so leave it where it is.
    package static func claim(_ path: FilePath, limit: Int) throws(FileError) -> Claim {
        let descriptor: FileDescriptor
        do {
            // Open for writing too: where flock(2) is emulated with record locks (NFS), an exclusive lock needs it.
            descriptor = try FileDescriptor.open(path, .readWrite, options: [.closeOnExec, .noFollow])
        } catch Errno.noSuchFileOrDirectory {
            return .missing
        } catch {
            throw .cannotRead(path: path, errno: error as? Errno ?? .ioError)
        }
        if let errno = PrivateFiles.call({ flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }) {
            try? descriptor.close()
            if errno == .wouldBlock { return .held }
            throw .cannotRead(path: path, errno: errno)
        }
        // The file may have been removed or replaced by the claimant before us, after we opened it.
        guard let opened = FileStatus.identity(of: descriptor), opened == FileStatus.identity(of: path) else {
            try? descriptor.close()
            return .missing
        }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileBytes.readAll(descriptor, path: path, limit: limit)
        } catch {
            try? descriptor.close()
            throw error
        }
        return .left(bytes: bytes, claim: Claimed(path: path, descriptor: descriptor))
    }

    /// Unlinks `path` if it still names the file `descriptor` has open: never a journal someone else put there since.
    private static func remove(_ path: FilePath, ifStill descriptor: FileDescriptor) {
        guard let held = FileStatus.identity(of: descriptor), held == FileStatus.identity(of: path) else { return }
        PrivateFiles.remove(path)
        PrivateFiles.syncFolder(of: path)
    }

    /// Waits until the file's data (and the size that reaches it) is on disk.
    private func flushData(_ descriptor: FileDescriptor) throws(FileError) {
        #if canImport(Glibc) || canImport(Musl)
            let result = PrivateFiles.call({ fdatasync(descriptor.rawValue) })
        #else
            let result = PrivateFiles.call({ fsync(descriptor.rawValue) })
        #endif
        if let errno = result { throw .cannotWrite(path: path, errno: errno) }
    }
}
