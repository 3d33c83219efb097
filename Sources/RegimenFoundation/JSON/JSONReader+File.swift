import SystemPackage

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
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch let errno as Errno {
            throw JSONFileError(errno: errno)
        } catch {
            throw JSONFileError(errno: .ioError)
        }
        self.init(source: .fileDescriptor(descriptor), chunkSize: chunkSize, closing: descriptor)
    }

    /// Why reading the file failed part-way, when it did (the reader then reports an unexpected end of text).
    package var readError: JSONFileError? { input.readFailure.map { JSONFileError(errno: $0) } }
}
