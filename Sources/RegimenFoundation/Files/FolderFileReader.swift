import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files one after another, opening each relative to its folder, which stays open while the next files
/// are in the same folder: the kernel then resolves one name per file instead of the whole path (docs/performance.md,
/// "Ingest"). One reader per thread; not shared.
package final class FolderFileReader {
    /// The folder of the last file read, its descriptor (opened for looking names up only, `O_PATH`), and whether a
    /// short read of a file in it is its end (`FileSystemKind`).
    private var folder: (path: Substring, descriptor: CInt, shortReadEnds: Bool)?
    /// Whether every path it is given names a regular file on its folder's filesystem (a pipe's short read is no end).
    private let regularFilesOnly: Bool
    /// Whether the last read took a short read for the file's end, saving its last, empty read. A file that then
    /// turns out cut (a disk error partway, a link to another filesystem put in its place) is read again by
    /// `FileBytes.read`, which reads to that last read.
    package private(set) var lastReadTrustedShortRead = false

    /// `O_PATH` (Linux, the same value on every architecture Swift runs on), which Swift's Glibc module leaves out:
    /// a descriptor for looking names up in, which needs no read permission on the folder.
    private static let pathOnly: CInt = 0o10_000_000

    /// A reader with no folder open yet; `regularFilesOnly` promises that every path given names a regular file on its
    /// folder's own filesystem (reached through no symbolic link), so that on a local filesystem a file's last, empty
    /// read is saved.
    package init(regularFilesOnly: Bool = false) {
        self.regularFilesOnly = regularFilesOnly
    }

    deinit { close() }

    /// The whole content of `path`, refused over `limit` bytes (as `FileBytes.read(_:limit:)`, with the same errors).
    package func read(_ path: String, limit: Int? = nil) throws(FileError) -> [UInt8] {
        // Split at the last slash by bytes, and the path made a `FilePath` only for an error: walking the text by
        // characters and normalizing a `FilePath` for every file cost more than the kernel's open
        // (docs/performance.md).
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash != bytes.startIndex,
            bytes.index(after: slash) != bytes.endIndex
        else { return try FileBytes.read(FilePath(path), limit: limit) }
        let folderPath = path[..<slash]
        lastReadTrustedShortRead = false
        let folderDescriptor: CInt
        let shortReadEnds: Bool
        // The same bytes, not `==`: two folder names that are canonically equivalent (é and e + U+0301) are two
        // folders.
        if let folder, folder.path.hasSameBytes(as: folderPath) {
            folderDescriptor = folder.descriptor
            shortReadEnds = folder.shortReadEnds
        } else {
            close()
            folderDescriptor = Self.retryingInterrupts {
                open(String(folderPath), Self.pathOnly | O_DIRECTORY | O_CLOEXEC)
            }
            // A folder that cannot be opened: the full path gives the error that names the file.
            guard folderDescriptor >= 0 else { return try FileBytes.read(FilePath(path), limit: limit) }
            shortReadEnds = regularFilesOnly && FileSystemKind.shortReadEndsFile(on: folderDescriptor)
            folder = (folderPath, folderDescriptor, shortReadEnds)
        }
        let file =
            path.utf8.withContiguousStorageIfAvailable { whole in
                // The name, NUL-terminated in a buffer on the stack: no string is made for it.
                let name = UnsafeBufferPointer(
                    rebasing: whole[(bytes.distance(from: bytes.startIndex, to: slash) + 1)...])
                return withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
                    for (index, byte) in name.enumerated() { buffer[index] = CChar(bitPattern: byte) }
                    buffer[name.count] = 0
                    return Self.retryingInterrupts {
                        openat(folderDescriptor, buffer.baseAddress!, O_RDONLY | O_CLOEXEC)
                    }
                }
            }
            ?? Self.retryingInterrupts {
                openat(folderDescriptor, String(path[path.index(after: slash)...]), O_RDONLY | O_CLOEXEC)
            }
        guard file >= 0 else { throw .cannotRead(path: FilePath(path), errno: Errno(rawValue: errno)) }
        let descriptor = FileDescriptor(rawValue: file)
        defer { try? descriptor.close() }
        lastReadTrustedShortRead = shortReadEnds
        return try FileBytes.readAll(descriptor, path: FilePath(path), limit: limit, shortReadEnds: shortReadEnds)
    }

    /// Closes the open folder, if any.
    private func close() {
        if let folder { _ = Glibc.close(folder.descriptor) }
        folder = nil
    }

    /// `call`'s result, called again while it fails with `EINTR` (as swift-system's own `open` does).
    private static func retryingInterrupts(_ call: () -> CInt) -> CInt {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
