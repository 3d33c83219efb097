package import SystemPackage

/// Where a `JSONReader` gets more bytes when its buffer runs out: a file descriptor read in chunks, so a file is
/// never held whole, or (for tests of chunk boundaries) a fixed list of chunks.
package struct JSONByteSource {
    /// Fills a prefix of the buffer and returns how many bytes it wrote; 0 means the end of the input.
    let read: (UnsafeMutableRawBufferPointer) throws(Errno) -> Int

    /// A source that calls `read` for more bytes.
    package init(read: @escaping (UnsafeMutableRawBufferPointer) throws(Errno) -> Int) {
        self.read = read
    }

    /// Reads `descriptor` from its current offset to its end (the caller keeps and closes it).
    package static func fileDescriptor(_ descriptor: FileDescriptor) -> JSONByteSource {
        JSONByteSource { (buffer) throws(Errno) -> Int in
            do {
                return try descriptor.read(into: buffer, retryOnInterrupt: true)
            } catch let errno as Errno {
                throw errno
            } catch {
                throw Errno.ioError
            }
        }
    }

    /// Hands out `chunks` one per read (a chunk larger than the free space is split), then the end.
    package static func chunks(_ chunks: [[UInt8]]) -> JSONByteSource {
        final class Cursor {
            var chunks: [[UInt8]]
            var chunk = 0
            var offset = 0
            init(_ chunks: [[UInt8]]) { self.chunks = chunks.filter { !$0.isEmpty } }
        }
        let cursor = Cursor(chunks)
        return JSONByteSource { (buffer) throws(Errno) -> Int in
            guard cursor.chunk < cursor.chunks.count else { return 0 }
            let bytes = cursor.chunks[cursor.chunk]
            let length = min(bytes.count - cursor.offset, buffer.count)
            bytes.withUnsafeBytes { all in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[cursor.offset..<cursor.offset + length]))
            }
            cursor.offset += length
            if cursor.offset == bytes.count {
                cursor.chunk += 1
                cursor.offset = 0
            }
            return length
        }
    }
}
