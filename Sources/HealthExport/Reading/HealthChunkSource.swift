import CZlibChecksum
import Foundation
import RegimenFoundation
import SystemPackage
import ZIPFoundation

/// The bytes of one document, in chunks: a file on disk read a chunk at a time, or a zip member decompressed a chunk
/// at a time by ZIPFoundation; never the whole document in memory (docs/health-export.md, "Reading an export").
enum HealthChunkSource {
    /// The chunk size: 1 MiB.
    static let chunkSize = 1 << 20
    /// The chunk size for route files, read by several threads at once and most under a megabyte: 256 KiB.
    static let routeChunkSize = 1 << 18

    /// A stop inside ZIPFoundation's consumer, carried out through its untyped throws.
    private struct ConsumerStop: Error {
        var stop: HealthReadStop
    }

    /// Calls `body` with each chunk of the file at `path`; `file` names it in errors.
    static func readFile(
        _ path: String, file: String, _ body: (UnsafeRawBufferPointer) throws(HealthReadStop) -> Void
    ) throws(HealthReadStop) {
        let descriptor: FileDescriptor
        do { descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) } catch {
            throw .export(.unreadable(.cannotRead(path: FilePath(file), errno: error as? Errno ?? .ioError)))
        }
        defer { try? descriptor.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do { count = try descriptor.read(into: buffer) } catch {
                throw .export(.unreadable(.cannotRead(path: FilePath(file), errno: error as? Errno ?? .ioError)))
            }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Calls `body` with each decompressed chunk of `entry`, then checks its CRC; `file` names it in errors.
    static func readMember(
        _ entry: Entry, of archive: Archive, file: String, chunkSize: Int = chunkSize,
        _ body: (UnsafeRawBufferPointer) throws(HealthReadStop) -> Void
    ) throws(HealthReadStop) {
        var checksum: CRC32
        do {
            // zlib's CRC-32 over each chunk: ZIPFoundation checks with a table in Swift off Apple platforms, which
            // costs more than the inflating.
            var running: UInt = 0
            _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true) { data in
                var failure: HealthReadStop?
                data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                    if let base = raw.baseAddress {
                        running = crc32(running, base.assumingMemoryBound(to: UInt8.self), UInt32(raw.count))
                    }
                    do throws(HealthReadStop) { try body(raw) } catch { failure = error }
                }
                if let failure { throw ConsumerStop(stop: failure) }
            }
            checksum = CRC32(truncatingIfNeeded: running)
        } catch let stop as ConsumerStop {
            throw stop.stop
        } catch {
            throw .export(.corruptZipMember(file: file, reason: HealthExportError.reason(error)))
        }
        guard checksum == entry.checksum else {
            throw .export(.corruptZipMember(file: file, reason: "CRC-32 mismatch"))
        }
    }

    /// Tokenizes a document's chunks into `handler`; `file` names it in errors.
    static func tokenize<Handler: XMLTokenHandler>(
        _ handler: inout Handler, tokenizer: inout XMLTokenizer, file: String,
        chunks: ((UnsafeRawBufferPointer) throws(HealthReadStop) -> Void) throws(HealthReadStop) -> Void
    ) throws(HealthReadStop) where Handler.Failure == HealthReadStop {
        try chunks { (chunk: UnsafeRawBufferPointer) throws(HealthReadStop) in
            do throws(XMLTokenizerFailure<HealthReadStop>) { try tokenizer.feed(chunk, to: &handler) } catch {
                throw map(error, file: file)
            }
        }
        do throws(XMLTokenizerFailure<HealthReadStop>) { try tokenizer.finish(handler: &handler) } catch {
            throw map(error, file: file)
        }
    }

    private static func map(_ failure: XMLTokenizerFailure<HealthReadStop>, file: String) -> HealthReadStop {
        switch failure {
        case .syntax(let error): return .export(.malformedXML(file: file, error))
        case .handler(let stop): return stop
        }
    }
}
