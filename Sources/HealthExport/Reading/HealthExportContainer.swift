import Foundation
import ZIPFoundation

/// What the path given to the reader holds: a zip with the export's main XML at `member` (found by the rule of
/// docs/health-export.md, "The export"), or a bare export XML.
package enum HealthExportContainer: Sendable, Hashable {
    /// `export.zip`, its main XML member's path, e.g. `apple_health_export/export.xml` or `apple_health_export/导出.xml`.
    case zip(member: String)
    /// A bare `export.xml`; route files are looked for beside it.
    case xml

    /// Bytes a zip starts with (a local file header, or the end record of an empty zip).
    static func isZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6)
    }

    /// Whether a document's first bytes are a Health export's: `<!DOCTYPE HealthData` or `<HealthData` in them.
    static func looksLikeExport(_ head: [UInt8]) -> Bool {
        contains(head, Array("<!DOCTYPE HealthData".utf8)) || contains(head, Array("<HealthData".utf8))
    }

    /// The main XML member of `archive`: the first `.xml` file at most one folder deep, other than `export_cda.xml`,
    /// whose first 1024 bytes look like an export (a localized name such as `Export.xml` or `导出.xml` is found too).
    static func mainMember(of archive: Archive, file: String) throws(HealthExportError) -> Entry {
        for entry in archive where entry.type == .file {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let last = parts.last?.lowercased(), last.hasSuffix(".xml"),
                last != "export_cda.xml",
                !parts.contains(where: { $0.isEmpty })
            else { continue }
            if looksLikeExport(try head(of: entry, in: archive, file: file)) { return entry }
        }
        throw .noHealthExport(file: file)
    }

    /// Up to the first 1024 bytes of `entry`.
    private static func head(of entry: Entry, in archive: Archive, file: String) throws(HealthExportError) -> [UInt8] {
        struct Enough: Error {}
        var head: [UInt8] = []
        do {
            _ = try archive.extract(entry, bufferSize: 1024, skipCRC32: true) { data in
                head.append(contentsOf: data.prefix(1024 - head.count))
                if head.count >= 1024 { throw Enough() }
            }
        } catch is Enough {
        } catch {
            throw .corruptZipMember(file: "\(file)/\(entry.path)", reason: HealthExportError.reason(error))
        }
        return head
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<start + pattern.count].elementsEqual(pattern) { return true }
        }
        return false
    }
}
