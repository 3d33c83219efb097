package import SystemPackage

/// Why a JSON file could not be opened or read (never its content).
package struct JSONFileError: Error, Sendable, Hashable {
    /// The system's error.
    package var errno: Errno

    /// A short reason without the path: "no such file", "permission denied", or the system's words.
    package var reason: String {
        switch errno {
        case .noSuchFileOrDirectory: "no such file"
        case .permissionDenied: "permission denied"
        case .isDirectory: "is a folder"
        default: errno.description
        }
    }
}

extension JSONReader {
    /// Opens the file at `path` read-only and reads it in chunks (never whole); the file is closed with the reader.
    package init(contentsOfFile path: String, chunkSize: Int = 1 << 18) throws(JSONFileError) {
        let descriptor = try Self.open(path, at: 0)
        self.init(source: .fileDescriptor(descriptor), chunkSize: chunkSize, closing: descriptor)
    }

    /// Opens the file at `path` and reads it from byte `offset`, where the first value inside an array nested in
    /// `enclosing` (outermost first, true for an object) starts: one part of a long document, read beside the others.
    /// `byteOffset` and the locations in errors count from `offset`.
    package init(
        contentsOfFile path: String, from offset: Int, insideArrayOf enclosing: [Bool], chunkSize: Int = 1 << 18
    ) throws(JSONFileError) {
        let descriptor = try Self.open(path, at: offset)
        self.init(
            source: .fileDescriptor(descriptor), insideArrayOf: enclosing, chunkSize: chunkSize, closing: descriptor)
    }

    /// The file at `path`, opened read-only and positioned at `offset`.
    private static func open(_ path: String, at offset: Int) throws(JSONFileError) -> FileDescriptor {
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
            if offset > 0 {
                do {
                    _ = try descriptor.seek(offset: Int64(offset), from: .start)
                } catch {
                    try? descriptor.close()
                    throw error
                }
            }
            return descriptor
        } catch let errno as Errno {
            throw JSONFileError(errno: errno)
        } catch {
            throw JSONFileError(errno: .ioError)
        }
    }

    /// Why reading the file failed part-way, when it did (the reader then reports an unexpected end of text).
    package var readError: JSONFileError? { input.readFailure.map { JSONFileError(errno: $0) } }
}
