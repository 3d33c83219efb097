import Foundation
import HealthData
import RegimenFoundation
import ZIPFoundation

/// Where route files named by `FileReference path` are read from (docs/health-export.md, "Workouts"): the zip's
/// folder of the main XML (through an archive handle of its own, since the main member is being read through the
/// first), or the folder beside a bare export.xml. Each file is streamed through the XML tokenizer.
final class HealthRouteFiles {
    /// The zip and the folder of its main member (`apple_health_export`), or the folder of a bare XML.
    private enum Place {
        case zip(path: String, folder: String)
        case directory(String)
    }

    private let place: Place
    private var archive: Archive?

    /// Route files of a zip whose main member is `member`.
    init(zip path: String, member: String) {
        let folder = member.split(separator: "/").dropLast().joined(separator: "/")
        place = .zip(path: path, folder: folder)
    }

    /// Route files beside a bare XML at `xmlPath`.
    init(besideXML xmlPath: String) {
        place = .directory((xmlPath as NSString).deletingLastPathComponent)
    }

    /// The points of the route file `reference` (`/workout-routes/route_….gpx`), or nil when there is no such file.
    func points(for reference: String) throws(HealthExportError) -> [HealthRoutePoint]? {
        let parts = reference.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        var builder: GPXRouteBuilder
        var tokenizer = XMLTokenizer(deliversText: true)
        do throws(HealthReadStop) {
            switch place {
            case .zip(let path, let folder):
                let memberPath = ([folder].filter { !$0.isEmpty } + parts.map(String.init)).joined(separator: "/")
                let archive = try openArchive(path)
                guard let entry = archive[memberPath] else { return nil }
                let file = "\(path)/\(memberPath)"
                builder = GPXRouteBuilder(file: file)
                try HealthChunkSource.tokenize(&builder, tokenizer: &tokenizer, file: file) { body throws(HealthReadStop) in
                    try HealthChunkSource.readMember(entry, of: archive, file: file, body)
                }
            case .directory(let folder):
                let file = ([folder] + parts.map(String.init)).joined(separator: "/")
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
                builder = GPXRouteBuilder(file: file)
                try HealthChunkSource.tokenize(&builder, tokenizer: &tokenizer, file: file) { body throws(HealthReadStop) in
                    try HealthChunkSource.readFile(file, file: file, body)
                }
            }
        } catch {
            switch error {
            case .export(let error): throw error
            case .consumer: return nil
            }
        }
        return builder.points
    }

    private func openArchive(_ path: String) throws(HealthReadStop) -> Archive {
        if let archive { return archive }
        do {
            let opened = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            archive = opened
            return opened
        } catch {
            throw .export(.unreadableZip(file: path, reason: "\(error)"))
        }
    }
}
