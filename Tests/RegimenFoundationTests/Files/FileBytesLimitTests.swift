import Foundation
import RegimenFoundation
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `FileBytes.read(_:limit:)`: a file over the limit is refused with `.tooLarge`, and no more than one byte past the
/// limit is ever read, whether the size is known up front (a file, however sparse) or not (a pipe that never ends).
@Suite("File bytes: reading with a limit")
final class FileBytesLimitTests {
    private let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("file-bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func file(_ name: String, size: Int) throws -> FilePath {
        let path = "\(root)/\(name)"
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0) }).write(to: URL(fileURLWithPath: path))
        return FilePath(path)
    }

    @Test(
        "a file of exactly the limit is read whole; one byte more is refused (below, at and above the first read's 16 KiB)",
        arguments: [100, 16_384, 40_000])
    func atTheLimit(limit: Int) throws {
        let exact = try file("exact", size: limit)
        #expect(try FileBytes.read(exact, limit: limit).count == limit)
        #expect(try FolderFileReader().read(exact.string, limit: limit).count == limit)
        let over = try file("over", size: limit + 100)
        #expect(throws: FileError.tooLarge(path: over, limit: limit)) { try FileBytes.read(over, limit: limit) }
        // No more than one byte past the limit was read: the open file's offset says how far reading went.
        #expect(try readOffset(over, limit: limit) <= limit + 1)
        #expect(throws: FileError.tooLarge(path: over, limit: limit)) {
            try FolderFileReader().read(over.string, limit: limit)
        }
        // Without a limit, the same file is read whole.
        #expect(try FileBytes.read(over).count == limit + 100)
    }

    /// How far `readAll` with `limit` read into the file at `path` before refusing it.
    private func readOffset(_ path: FilePath, limit: Int) throws -> Int {
        let descriptor = try FileDescriptor.open(path, .readOnly)
        defer { try? descriptor.close() }
        #expect(throws: FileError.tooLarge(path: path, limit: limit)) {
            try FileBytes.readAll(descriptor, path: path, limit: limit)
        }
        return Int(try descriptor.seek(offset: 0, from: .current))
    }

    @Test("a sparse 8 GiB file is refused from its size, not read")
    func sparse() throws {
        let path = FilePath("\(root)/sparse.json")
        #expect(FileManager.default.createFile(atPath: path.string, contents: nil))
        #expect(truncate(path.string, 8 << 30) == 0)
        #expect(throws: FileError.tooLarge(path: path, limit: 1 << 20)) { try FileBytes.read(path, limit: 1 << 20) }
        let error = #expect(throws: FileError.self) { try FileBytes.read(path, limit: 64 << 20) }
        #expect(error?.reason == "larger than 64 MiB")
        // Refused from its size after the first read of 16 KiB, not after reading the 1 MiB the limit allows.
        #expect(try readOffset(path, limit: 1 << 20) == 16_384)
    }

    @Test("a stream with no size (a socket) is read to one byte past the limit and no further", .timeLimit(.minutes(1)))
    func stream() throws {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        let limit = 1 << 20
        let extra = 5_000
        let writer = Thread {
            var bytes = [UInt8](repeating: 0x20, count: limit + extra)[...]
            // MSG_NOSIGNAL: should the reader close early, an error instead of SIGPIPE.
            while !bytes.isEmpty {
                let sent = bytes.withUnsafeBytes { send(writing, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { break }
                bytes = bytes.dropFirst(sent)
            }
            close(writing)
        }
        writer.start()
        defer { close(reading) }
        let path = FilePath("stream")
        #expect(throws: FileError.tooLarge(path: path, limit: limit)) {
            try FileBytes.readAll(FileDescriptor(rawValue: reading), path: path, limit: limit)
        }
        // What was not read is still in the stream: all but the one byte past the limit.
        var rest = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(reading, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            rest += count
        }
        #expect(rest == extra - 1)
    }
}
