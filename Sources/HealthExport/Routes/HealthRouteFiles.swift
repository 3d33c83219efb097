import Foundation
import HealthData
import RegimenFoundation
import ZIPFoundation

/// Where route files named by `FileReference path` are read from (docs/health-export.md, "Workouts"): the zip's
/// folder of the main XML (through archive handles of their own, since the main member is being read through the
/// first), or the folder beside a bare XML. Each file is streamed through the XML tokenizer; a zip's GPX files are
/// parsed ahead on other threads (`HealthRoutePrefetch`) once the first one is asked for.
final class HealthRouteFiles {
    /// The zip and the folder of its main member (`apple_health_export`), or the folder of a bare XML.
    private enum Place {
        case zip(path: String, folder: String)
        case directory(String)
    }

    private let place: Place
    private let prefetchWorkers: Int
    private var archive: Archive?
    private var prefetch: HealthRoutePrefetch?

    /// Route files of a zip whose main member is `member`, parsed ahead by up to `prefetchWorkers` threads.
    init(zip path: String, member: String, prefetchWorkers: Int) {
        let folder = member.split(separator: "/").dropLast().joined(separator: "/")
        place = .zip(path: path, folder: folder)
        self.prefetchWorkers = prefetchWorkers
    }

    /// Route files beside a bare XML at `xmlPath`.
    init(besideXML xmlPath: String) {
        place = .directory((xmlPath as NSString).deletingLastPathComponent)
        prefetchWorkers = 0
    }

    /// Stops reading ahead (the export's reading has ended, or failed).
    func stop() {
        prefetch?.stop()
        prefetch = nil
    }

    /// The points of the route file `reference` (`/workout-routes/route_….gpx`), or nil when there is no such file.
    func points(for reference: String) throws(HealthExportError) -> [HealthRoutePoint]? {
        let parts = reference.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        switch place {
        case .zip(let path, let folder):
            let memberPath = ([folder].filter { !$0.isEmpty } + parts.map(String.init)).joined(separator: "/")
            let archive = try openArchive(path)
            let prefetch = prefetcher(path, folder: folder, archive: archive)
            if let parsed = prefetch.take(memberPath) { return try parsed.get() }
            guard let entry = prefetch.entry(memberPath) ?? archive[memberPath] else { return nil }
            return try Self.parse(entry, of: archive, file: "\(path)/\(memberPath)")
        case .directory(let folder):
            let file = ([folder] + parts.map(String.init)).joined(separator: "/")
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
                return nil
            }
            return try Self.parse(file) { body throws(HealthReadStop) in
                try HealthChunkSource.readFile(file, file: file, body)
            }
        }
    }

    /// The points of the zip member `entry`; `file` names it in errors.
    static func parse(_ entry: Entry, of archive: Archive, file: String) throws(HealthExportError) -> [HealthRoutePoint]
    {
        try parse(file) { body throws(HealthReadStop) in
            try HealthChunkSource.readMember(
                entry, of: archive, file: file, chunkSize: HealthChunkSource.routeChunkSize, body)
        }
    }

    /// The points of the GPX document whose chunks `chunks` delivers.
    private static func parse(
        _ file: String, chunks: ((UnsafeRawBufferPointer) throws(HealthReadStop) -> Void) throws(HealthReadStop) -> Void
    ) throws(HealthExportError) -> [HealthRoutePoint] {
        var builder = GPXRouteBuilder(file: file)
        var tokenizer = XMLTokenizer(deliversText: true)
        do throws(HealthReadStop) {
            try HealthChunkSource.tokenize(&builder, tokenizer: &tokenizer, file: file, chunks: chunks)
        } catch {
            switch error {
            case .export(let error): throw error
            // The GPX builder throws only the export's errors.
            case .consumer(let error): throw .unreadableZip(file: file, reason: HealthExportError.reason(error))
            }
        }
        return builder.points
    }

    /// The zip's prefetching, set up on the first route asked for: its GPX members in zip order.
    private func prefetcher(_ path: String, folder: String, archive: Archive) -> HealthRoutePrefetch {
        if let prefetch { return prefetch }
        let prefix = folder.isEmpty ? "" : folder + "/"
        let members = archive.compactMap { entry in
            entry.type == .file && entry.path.hasPrefix(prefix) && entry.path.lowercased().hasSuffix(".gpx")
                ? entry : nil
        }
        let made = HealthRoutePrefetch(zipPath: path, members: members, workers: prefetchWorkers)
        prefetch = made
        return made
    }

    private func openArchive(_ path: String) throws(HealthExportError) -> Archive {
        if let archive { return archive }
        do {
            let opened = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            archive = opened
            return opened
        } catch {
            throw .unreadableZip(file: path, reason: HealthExportError.reason(error))
        }
    }
}
