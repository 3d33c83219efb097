import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files one after another, opening each relative to its folder, which stays open while the next files
/// are in the same folder: the kernel then resolves one name per file instead of the whole path (docs/performance.md,
/// "Ingest"). One reader per thread; not shared.
package final class FolderFileReader {
    /// The folder of the last file read and its descriptor (opened for looking names up only, `O_PATH`).
    private var folder: (path: Substring, descriptor: CInt)?

    /// `O_PATH` (Linux, the same value on every architecture Swift runs on), which Swift's Glibc module leaves out:
    /// a descriptor for looking names up in, which needs no read permission on the folder.
    private static let pathOnly: CInt = 0o10_000_000

    /// A reader with no folder open yet.
    package init() {}

    deinit { close() }

    /// The whole content of `path`, refused over `limit` bytes (as `FileBytes.read(_:limit:)`, with the same errors).
    package func read(_ path: String, limit: Int? = nil) throws(FileError) -> [UInt8] {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex, path.index(after: slash) != path.endIndex
        else { return try FileBytes.read(FilePath(path), limit: limit) }
        let folderPath = path[..<slash]
        let folderDescriptor: CInt
        if let folder, folder.path == folderPath {
            folderDescriptor = folder.descriptor
        } else {
            close()
            folderDescriptor = Self.retryingInterrupts { open(String(folderPath), Self.pathOnly | O_DIRECTORY | O_CLOEXEC) }
            // A folder that cannot be opened: the full path gives the error that names the file.
            guard folderDescriptor >= 0 else { return try FileBytes.read(FilePath(path), limit: limit) }
            folder = (folderPath, folderDescriptor)
        }
        let name = String(path[path.index(after: slash)...])
        let file = Self.retryingInterrupts { openat(folderDescriptor, name, O_RDONLY | O_CLOEXEC) }
        guard file >= 0 else { throw .cannotRead(path: FilePath(path), errno: Errno(rawValue: errno)) }
        let descriptor = FileDescriptor(rawValue: file)
        defer { try? descriptor.close() }
        return try FileBytes.readAll(descriptor, path: FilePath(path), limit: limit)
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
