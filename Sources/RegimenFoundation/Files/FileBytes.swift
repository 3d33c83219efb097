package import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files into memory.
package enum FileBytes {
    /// The whole content of `path`, read into uninitialized storage (no zero-filled scratch buffer per file, which bulk
    /// reading spent most of its time clearing): a first read of up to 16 KiB, which holds a whole result file without
    /// asking its size (`fstat` cost a sixth of reading 10,000 small files), then the rest sized by `fstat`; a file
    /// that grew meanwhile is read to its end all the same. With a `limit` (0 or more), a file holding more bytes
    /// throws `.tooLarge`; at most one byte past the limit is read.
    package static func read(_ path: FilePath, limit: Int? = nil) throws(FileError) -> [UInt8] {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
        } catch {
            throw .cannotRead(path: path, errno: error as? Errno ?? .ioError)
        }
        defer { try? descriptor.close() }
        return try readAll(descriptor, path: path, limit: limit)
    }

    /// The rest of the open file `descriptor` (see `read(_:limit:)`); `path` names it in errors. With `shortReadEnds`,
    /// a read that returns fewer bytes than asked for is taken as the end, without a last read returning none: only for
    /// regular files on filesystems that read them whole (`FileSystemKind.shortReadEndsFile(on:)`).
    package static func readAll(
        _ descriptor: FileDescriptor, path: @autoclosure () -> FilePath, limit: Int? = nil, shortReadEnds: Bool = false
    ) throws(FileError) -> [UInt8] {
        precondition((limit ?? 0) >= 0 && limit != Int.max, "a read limit is 0 or more, below Int.max")
        var bytes: [UInt8] = []
        // One byte past the limit is room enough to tell that a file is over it.
        let ceiling = limit.map { $0 + 1 } ?? Int.max
        var room = min(16_384, ceiling)
        var sized = false
        while true {
            var failure: Errno?
            var ended = false
            // The bytes so far, then up to `room` more: one copy per step however large the file.
            bytes = [UInt8](unsafeUninitializedCapacity: bytes.count + room) { buffer, initialized in
                var total = bytes.count
                _ = buffer.initialize(fromContentsOf: bytes)
                while total < buffer.count {
                    do {
                        let asked = buffer.count - total
                        let count = try descriptor.read(
                            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[total...])))
                        if count == 0 {
                            ended = true
                            break
                        }
                        total += count
                        if shortReadEnds, count < asked {
                            ended = true
                            break
                        }
                    } catch {
                        failure = error as? Errno ?? .ioError
                        break
                    }
                }
                initialized = total
            }
            if let failure { throw .cannotRead(path: path(), errno: failure) }
            if let limit, bytes.count > limit { throw .tooLarge(path: path(), limit: limit) }
            if ended { return bytes }
            if sized {
                // Growing past its size (or unsized: a pipe): room grows with what was read, so copying stays linear.
                room = max(65_536, bytes.count)
            } else {
                let size = (try? descriptor.stat().size).map { Int($0) } ?? 0
                if let limit, size > limit { throw .tooLarge(path: path(), limit: limit) }
                room = max(size - bytes.count, 0) + 1
                sized = true
            }
            room = min(room, ceiling - bytes.count)
        }
    }

    /// Asks the kernel to start reading `paths` into its page cache (`posix_fadvise` `POSIX_FADV_WILLNEED`) and returns
    /// at once, so that reading them later does not wait on the disk; a path that cannot be opened is skipped (its
    /// reading reports it). Readers of many small files call it for the files they will read next.
    package static func prefetch(_ paths: [String]) {
        for path in paths {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
            close(descriptor)
        }
    }
}
