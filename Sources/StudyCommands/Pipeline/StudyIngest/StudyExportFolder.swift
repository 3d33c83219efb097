import Foundation
import RegimenCommands
import SystemPackage

/// A study export folder, `DIR/LABEL/…/*.json`: each top-level folder holds one participant's result files and is
/// named by their label (docs/study-database.md, "Ingest"). Hidden entries are skipped; a result file lying at the top
/// level belongs to nobody and is listed as a rejection; other top-level files (a participants.csv) are left alone.
struct StudyExportFolder {
    /// One participant's folder.
    struct Entry: Sendable, Hashable {
        /// The participant's label: the folder's name.
        var label: String
        /// The folder's path.
        var path: String
    }

    /// The participant folders, sorted by label.
    var entries: [Entry] = []
    /// Result files outside any participant's folder.
    var strays: [IngestRejection] = []

    /// Lists the folder at `path`; nil when it cannot be read as a folder (the error names why).
    static func read(_ path: String) throws(RegimenError) -> StudyExportFolder {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .missingFile(path: FilePath(path))
        }
        guard isFolder.boolValue else { throw .usage("--export-folder: \(path) is not a folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .usage("--export-folder: cannot read \(path)")
        }
        var folder = StudyExportFolder()
        let prefix = path.hasSuffix("/") ? path : path + "/"
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = prefix + name
            var childIsFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child, isDirectory: &childIsFolder) else { continue }
            if childIsFolder.boolValue {
                folder.entries.append(Entry(label: name, path: child))
            } else if name.lowercased().hasSuffix(".json") {
                folder.strays.append(
                    IngestRejection(
                        file: child,
                        problem: "not inside a participant's folder (DIR/LABEL/…): whose result it is is unknown"))
            }
        }
        return folder
    }
}
