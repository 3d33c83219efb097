package import SystemPackage

extension JSONReader {
    /// Opens the file at `path` read-only and reads it in chunks (never whole); the file is closed with the reader.
    package init(contentsOfFile path: FilePath, chunkSize: Int = 1 << 18) throws(FileError) {
        let descriptor = try Self.open(path, at: 0)
        self.init(source: .fileDescriptor(descriptor), chunkSize: chunkSize, closing: descriptor)
    }

    /// Opens the file at `path` and reads it from byte `offset`, where the first value inside an array nested in
    /// `enclosing` (outermost first, true for an object) starts: one part of a long document, read beside the others.
    /// `byteOffset` and the locations in errors count from `offset`.
    package init(
        contentsOfFile path: FilePath, from offset: Int, insideArrayOf enclosing: [Bool], chunkSize: Int = 1 << 18
    ) throws(FileError) {
        let descriptor = try Self.open(path, at: offset)
        self.init(
            source: .fileDescriptor(descriptor), insideArrayOf: enclosing, chunkSize: chunkSize, closing: descriptor)
    }

    /// The file at `path`, opened read-only and positioned at `offset`; a failure is `.cannotRead`.
    private static func open(_ path: FilePath, at offset: Int) throws(FileError) -> FileDescriptor {
        do {
            let descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
            if offset > 0 {
                do {
                    _ = try descriptor.seek(offset: Int64(offset), from: .start)
                } catch {
                    try? descriptor.close()
                    throw error
                }
            }
            return descriptor
        } catch {
            throw .cannotRead(path: path, errno: error as? Errno ?? .ioError)
        }
    }

    /// The system's error when reading the file failed part-way (the reader then reports an unexpected end of text).
    package var readFailure: Errno? { input.readFailure }
}
