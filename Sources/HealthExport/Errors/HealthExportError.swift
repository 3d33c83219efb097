import Foundation
package import RegimenFoundation
import SystemPackage
import ZIPFoundation

/// Why an export cannot be read, with the file (a zip member is `export.zip/apple_health_export/export.xml`) and, for
/// problems inside a document, its line, so that a command prints `file: line N: reason`
/// (docs/health-export.md, "Reading errors").
package enum HealthExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadable(FileError)
    /// A zip whose directory cannot be read (truncated, not a zip).
    case unreadableZip(file: String, reason: String)
    /// A zip member whose data is damaged: a CRC mismatch, bad compressed data, a short file.
    case corruptZipMember(file: String, reason: String)
    /// A zip with no Health export in it, or a file that is not one.
    case noHealthExport(file: String)
    /// The XML is not well-formed (truncated, mismatched tags, an unknown entity, …).
    case malformedXML(file: String, XMLSyntaxError)
    /// An element lacks an attribute it must have (`Record` without `startDate`).
    case missingAttribute(file: String, line: Int, element: String, attribute: String)
    /// A date attribute that is not `YYYY-MM-DD HH:MM:SS ±HHMM` (or, in a GPX file, an ISO 8601 instant).
    case badDate(file: String, line: Int, element: String, attribute: String, text: String)
    /// A number where a number is required (route points).
    case badNumber(file: String, line: Int, element: String, attribute: String, text: String)

    /// The file the problem is in.
    package var file: String {
        switch self {
        case .unreadable(let error): return error.path.string
        case .unreadableZip(let file, _), .corruptZipMember(let file, _),
            .noHealthExport(let file),
            .malformedXML(let file, _), .missingAttribute(let file, _, _, _), .badDate(let file, _, _, _, _),
            .badNumber(let file, _, _, _, _):
            return file
        }
    }

    /// The 1-based line of the problem, when it is inside a document.
    package var line: Int? {
        switch self {
        case .unreadable, .unreadableZip, .corruptZipMember, .noHealthExport: return nil
        case .malformedXML(_, let error): return error.line
        case .missingAttribute(_, let line, _, _), .badDate(_, let line, _, _, _), .badNumber(_, let line, _, _, _):
            return line
        }
    }

    /// The problem alone.
    package var reason: String {
        switch self {
        case .unreadable(let error): return error.problem
        case .unreadableZip(_, let reason): return "not a readable zip: \(reason)"
        case .corruptZipMember(_, let reason): return "damaged zip data: \(reason)"
        case .noHealthExport: return "no Apple Health export (no export.xml holding <HealthData>)"
        case .malformedXML(_, let error): return error.reason
        case .missingAttribute(_, _, let element, let attribute): return "<\(element)> has no \(attribute)"
        case .badDate(_, _, let element, let attribute, let text):
            return "<\(element) \(attribute)=\"\(text)\"> is not a date"
        case .badNumber(_, _, let element, let attribute, let text):
            return "<\(element) \(attribute)=\"\(text)\"> is not a number"
        }
    }

    /// `file: line N: reason`, or `file: reason`.
    package var description: String {
        if let line { return "\(file): line \(line): \(reason)" }
        return "\(file): \(reason)"
    }
}

extension HealthExportError {
    /// A reading failure in plain words: ZIPFoundation's errors by what they mean for the file, any other error's own
    /// description (a system error's text), never a library's case name.
    static func reason(_ error: any Error) -> String {
        // ZIPFoundation's inflate error type is internal to it: known by its name.
        if String(describing: type(of: error)) == "CompressionError" { return "the compressed data is damaged" }
        guard let error = error as? Archive.ArchiveError else { return "\(error)" }
        switch error {
        case .missingEndOfCentralDirectoryRecord, .invalidCentralDirectoryOffset, .invalidCentralDirectorySize,
            .invalidCentralDirectoryEntryCount:
            return "its directory at the end is missing or damaged (the file is cut short, or not a zip)"
        case .unreadableArchive: return "it cannot be opened for reading"
        case .invalidCRC32: return "CRC-32 mismatch"
        case .invalidLocalHeaderDataOffset, .invalidLocalHeaderSize, .invalidEntrySize:
            return "a member's header or size is damaged"
        case .invalidCompressionMethod: return "a member uses a compression method other than stored or deflate"
        default: return "it is damaged"
        }
    }
}
