package import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new private file (0600, docs/private-files.md) written piece by piece — for output too big to hold in memory —
/// and finished (flushed to disk) or abandoned (removed): never left half-written under a name a reader trusts when
/// it is written inside a temporary folder that is renamed into place (`PrivateFiles.moveFolder`).
package final class PrivateFileWriter {
    /// Where it is written.
    package let path: FilePath
    private let descriptor: FileDescriptor
    private var buffer: [UInt8] = []
    private var closed = false

    /// Creates `path` (refusing an existing file), mode 0600.
    package init(creating path: FilePath) throws(FileError) {
        descriptor = try PrivateFiles.openNew(path)
        self.path = path
        buffer.reserveCapacity(1 << 16)
    }

    deinit { if !closed { try? descriptor.close() } }

    /// Appends `bytes` (buffered; written in blocks of 64 KiB).
    package func write(_ bytes: some Sequence<UInt8>) throws(FileError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes what is buffered, flushes the file to disk and closes it.
    package func finish() throws(FileError) {
        try flush()
        if let errno = PrivateFiles.call({ fsync(descriptor.rawValue) }) {
            throw .cannotWrite(path: path, errno: errno)
        }
        closed = true
        do {
            try descriptor.close()
        } catch {
            throw .cannotWrite(path: path, errno: error as? Errno ?? .ioError)
        }
    }

    /// Closes and removes the file.
    package func abandon() {
        if !closed { try? descriptor.close() }
        closed = true
        PrivateFiles.remove(path)
    }

    private func flush() throws(FileError) {
        guard !buffer.isEmpty else { return }
        do {
            _ = try descriptor.writeAll(buffer)
        } catch {
            throw .cannotWrite(path: path, errno: error as? Errno ?? .ioError)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension PrivateFiles {
    /// Gives the finished folder `source` the name `target`, which must be missing or an empty folder (rename(2)
    /// replaces only an empty one), in one step: readers see no folder or the whole one.
    package static func moveFolder(_ source: FilePath, to target: FilePath) throws(FileError) {
        if let errno = call({ rename(source.string, target.string) }) {
            throw .cannotReplace(path: target, errno: errno)
        }
        syncFolder(of: target)
    }

    /// Removes the folder `path` and the files directly in it (errors ignored: for cleaning up a temporary folder).
    package static func removeFolder(_ path: FilePath, files: [String]) {
        for name in files { remove(path.appending(name)) }
        _ = rmdir(path.string)
    }
}
