import Foundation
import HealthData
import HealthExport
import SystemPackage
import ZIPFoundation

/// Where the tests' exports come from: the shared real fixtures (never copied into the repository), and temporary
/// files written by the tests themselves.
enum HealthExportFiles {
    /// The package root, from this file's path.
    static func packageRoot(_ filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `../shared/fixtures/healthkit` beside the package root.
    static let sharedFolder = packageRoot().appendingPathComponent("../shared/fixtures/healthkit").standardizedFileURL

    static var sharedPresent: Bool { FileManager.default.fileExists(atPath: sharedFolder.path) }

    /// `../shared/bench/make_health_export.py` beside the package root.
    static let generator = packageRoot().appendingPathComponent("../shared/bench/make_health_export.py")
        .standardizedFileURL

    /// Whether the generator and python3 are present.
    static var generatorPresent: Bool {
        FileManager.default.fileExists(atPath: generator.path) && python3 != nil
    }

    /// The python3 executable, if any.
    static var python3: String? {
        ["/usr/bin/python3", "/usr/local/bin/python3", "/root/.pyenv/shims/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "health-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a zip holding `members` (path → bytes), deflated unless told, in this order.
    static func zip(
        _ members: [(String, [UInt8])], in folder: URL, name: String = "export.zip",
        method: CompressionMethod = .deflate
    ) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, bytes) in members {
            let data = Data(bytes)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    /// Writes `text` to `name` in `folder`.
    static func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Every item of the export at `url`.
    static func items(_ url: URL) throws -> [HealthExportItem] {
        var items: [HealthExportItem] = []
        try HealthExportReader(path: FilePath(url.path)).read { items.append($0) }
        return items
    }

    /// The error reading `url` gives, if any.
    static func error(_ url: URL) -> HealthExportError? {
        do {
            _ = try items(url)
            return nil
        } catch let error as HealthExportError {
            return error
        } catch {
            return nil
        }
    }
}

extension HealthExportItem {
    var sample: HealthSample? { if case .sample(let sample) = self { sample } else { nil } }
    var workout: HealthWorkout? { if case .workout(let workout) = self { workout } else { nil } }
    var correlation: HealthCorrelation? { if case .correlation(let correlation) = self { correlation } else { nil } }
    var header: HealthExportHeader? { if case .header(let header) = self { header } else { nil } }
    var summary: HealthActivitySummary? { if case .activitySummary(let summary) = self { summary } else { nil } }

    /// The element name this item came from.
    var elementName: String {
        switch self {
        case .header: "HealthData"
        case .me: "Me"
        case .sample: "Record"
        case .correlation: "Correlation"
        case .workout: "Workout"
        case .activitySummary: "ActivitySummary"
        case .other(let name, _): name
        }
    }
}

/// The instant of a UTC civil time, for expectations.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Int64 {
    var components = DateComponents()
    (components.year, components.month, components.day) = (year, month, day)
    (components.hour, components.minute, components.second) = (hour, minute, second)
    components.timeZone = TimeZone(identifier: "UTC")
    return Int64(Calendar(identifier: .gregorian).date(from: components)!.timeIntervalSince1970)
}
