import Foundation
package import HealthData
import RegimenFoundation
package import SystemPackage
import ZIPFoundation

/// Reads an Apple Health export — `export.zip` or a bare `export.xml` — as a stream of `HealthExportItem`s in document
/// order, in constant memory (docs/health-export.md, "Reading an export"). Opening finds the main XML; `read` streams
/// it on the calling thread.
package struct HealthExportReader: Sendable {
    /// The path given.
    package let path: FilePath
    /// A zip (and its main member) or a bare XML.
    package let container: HealthExportContainer
    /// The file's size in bytes (the zip's, for a zip).
    package let totalBytes: Int64
    /// How many threads read a zip's route files ahead of the reader (`HealthRoutePrefetch`; 0: none).
    private let routeWorkers: Int

    /// Two route workers, or one on a single core (measured on two cores: two workers beside the reader and the store
    /// keep both cores busy once the workouts begin, one does not; docs/performance.md, "Health import (`regimen health
    /// import`)").
    package static var defaultRouteWorkers: Int { min(2, ProcessInfo.processInfo.activeProcessorCount) }

    /// Opens `path`: a zip's directory is read and its main XML found; an XML's first bytes are checked. A zip's route
    /// files are parsed ahead by `routeWorkers` threads.
    /// Throws `unreadable`, `unreadableZip`, `corruptZipMember` or `noHealthExport`.
    package init(path filePath: FilePath, routeWorkers: Int = defaultRouteWorkers) throws(HealthExportError) {
        let path = filePath.string
        self.path = filePath
        self.routeWorkers = routeWorkers
        let head: [UInt8]
        do {
            let descriptor = try FileDescriptor.open(filePath, .readOnly, options: [.closeOnExec])
            defer { try? descriptor.close() }
            totalBytes = try descriptor.seek(offset: 0, from: .end)
            _ = try descriptor.seek(offset: 0, from: .start)
            head = try [UInt8](unsafeUninitializedCapacity: 1024) { buffer, count in
                count = try descriptor.read(into: UnsafeMutableRawBufferPointer(buffer))
            }
        } catch {
            throw .unreadable(.cannotRead(path: filePath, errno: error as? Errno ?? .ioError))
        }
        if HealthExportContainer.isZip(head) {
            let archive: Archive
            do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
                throw .unreadableZip(file: path, reason: HealthExportError.reason(error))
            }
            container = .zip(member: try HealthExportContainer.mainMember(of: archive, file: path).path)
        } else {
            guard HealthExportContainer.looksLikeExport(head) else { throw .noHealthExport(file: path) }
            container = .xml
        }
    }

    /// The name errors give the main document: the XML's path, or `zip path/member`.
    package var documentName: String {
        switch container {
        case .zip(let member): "\(path.string)/\(member)"
        case .xml: path.string
        }
    }

    /// Streams the export: `body` receives each item in document order (a `.header` first) on the calling thread;
    /// `progress` is called after each chunk (about 1 MiB). Returns the number of items. To store on another thread,
    /// gather items into arrays in `body` and hand the arrays over (items are Sendable).
    /// Throws a `HealthExportError` for a damaged or malformed export, or `body`'s own error unchanged (reading stops
    /// at the first error of either kind; the items before it were delivered).
    @discardableResult
    package func read(
        progress: (HealthExportProgress) -> Void = { _ in }, _ body: (HealthExportItem) throws -> Void
    ) throws -> Int {
        try withoutActuallyEscaping(body) { body in
            let file = documentName
            let routes: HealthRouteFiles
            switch container {
            case .zip(let member):
                routes = HealthRouteFiles(zip: path.string, member: member, prefetchWorkers: routeWorkers)
            case .xml: routes = HealthRouteFiles(besideXML: path.string)
            }
            defer { routes.stop() }
            var builder = HealthExportItemBuilder(file: file, routePoints: routes.points(for:), emit: body)
            var tokenizer = XMLTokenizer()
            let total = totalBytes
            do throws(HealthReadStop) {
                switch container {
                case .xml:
                    var done: Int64 = 0
                    try HealthChunkSource.tokenize(&builder, tokenizer: &tokenizer, file: file) {
                        feed throws(HealthReadStop) in
                        try HealthChunkSource.readFile(path.string, file: file) { chunk throws(HealthReadStop) in
                            try feed(chunk)
                            done += Int64(chunk.count)
                            progress(HealthExportProgress(bytesRead: min(done, total), totalBytes: total))
                        }
                    }
                case .zip(let member):
                    let archive: Archive
                    do { archive = try Archive(url: URL(fileURLWithPath: path.string), accessMode: .read) } catch {
                        throw .export(.unreadableZip(file: path.string, reason: HealthExportError.reason(error)))
                    }
                    guard let entry = archive[member] else { throw .export(.noHealthExport(file: path.string)) }
                    let size = max(Double(entry.uncompressedSize), 1)
                    var done: Double = 0
                    try HealthChunkSource.tokenize(&builder, tokenizer: &tokenizer, file: file) {
                        feed throws(HealthReadStop) in
                        try HealthChunkSource.readMember(entry, of: archive, file: file) {
                            chunk throws(HealthReadStop) in
                            try feed(chunk)
                            done += Double(chunk.count)
                            progress(
                                HealthExportProgress(
                                    bytesRead: Int64(min(done / size, 1) * Double(total)), totalBytes: total))
                        }
                    }
                }
            } catch {
                switch error {
                case .export(let error): throw error
                case .consumer(let error): throw error
                }
            }
            progress(HealthExportProgress(bytesRead: total, totalBytes: total))
            return builder.itemCount
        }
    }
}
