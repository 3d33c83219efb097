import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, errno-preserving wrappers over the POSIX calls result files need.
package enum PosixFile {
    /// An `errno` value.
    package struct Failure: Error {
        /// The `errno`.
        package let code: Int32
    }

    /// Whether `path` exists and whether it is a directory (following symlinks).
    package static func kind(of path: String) -> (exists: Bool, isDirectory: Bool) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (false, false) }
        return (true, info.st_mode & S_IFMT == S_IFDIR)
    }

    /// Creates `path` and any missing parents with `mode` (applied with chmod, so the umask cannot widen or
    /// narrow it). Existing directories are left as they are.
    package static func makeDirectories(_ path: String, mode: mode_t) throws(ResultFileIOError) {
        let state = kind(of: path)
        if state.exists {
            guard state.isDirectory else { throw .notADirectory(path: path) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 {
            let code = errno
            guard code == EEXIST, kind(of: path).isDirectory else {
                throw code == EEXIST ? .notADirectory(path: path) : .cannotCreateDirectory(path: path, code: code)
            }
            return
        }
        guard chmod(path, mode) == 0 else { throw .cannotCreateDirectory(path: path, code: errno) }
    }

    /// Creates a new file (failing if it exists) with exactly `mode`, writes `data`, and flushes it to disk.
    package static func createExclusive(_ path: String, data: Data, mode: mode_t) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        var failure: Int32 = 0
        if fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0 { failure = writeAll(descriptor, data) }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw Failure(code: failure)
        }
    }

    /// Writes every byte, retrying short writes and EINTR; 0 or the errno.
    private static func writeAll(_ descriptor: Int32, _ data: Data) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            guard var pointer = buffer.baseAddress else { return 0 }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                pointer += written
                remaining -= written
            }
            return 0
        }
    }

    /// Makes `target` a second name of `source`; fails with EEXIST rather than replacing `target`.
    package static func link(_ source: String, _ target: String) throws(Failure) {
        #if canImport(Glibc)
            let result = Glibc.link(source, target)
        #elseif canImport(Musl)
            let result = Musl.link(source, target)
        #else
            let result = Darwin.link(source, target)
        #endif
        guard result == 0 else { throw Failure(code: errno) }
    }

    /// Renames `source` to `target`, replacing it.
    package static func rename(_ source: String, _ target: String) throws(Failure) {
        #if canImport(Glibc)
            let result = Glibc.rename(source, target)
        #elseif canImport(Musl)
            let result = Musl.rename(source, target)
        #else
            let result = Darwin.rename(source, target)
        #endif
        guard result == 0 else { throw Failure(code: errno) }
    }

    /// Removes `path`, ignoring errors.
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Flushes a directory entry change to disk (best effort).
    package static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The whole content of `path`.
    package static func readAll(_ path: String) throws(Failure) -> Data {
        Data(try readBytes(path))
    }

    /// The whole content of `path` as bytes: sized by `fstat` and read into uninitialised storage (no zero-filled
    /// scratch buffer per file, which bulk reading spent most of its time clearing); a file that grew meanwhile is
    /// read to its end all the same.
    package static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
        var bytes: [UInt8] = []
        var room = expected + 1
        while true {
            var failure: Int32 = 0
            var ended = false
            let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                var total = 0
                while total < room {
                    let count = read(descriptor, base + total, room - total)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if count == 0 {
                        ended = true
                        break
                    }
                    total += count
                }
                initialized = total
            }
            guard failure == 0 else { throw Failure(code: failure) }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if ended { return bytes }
            room = 65_536
        }
    }
}
