import Foundation
import Testing

@testable import RegimenCommands
@testable import StudyCommands

/// A study export folder's top level: folders are participants (sorted by label, hidden ones skipped), result files
/// beside them belong to nobody and are listed, other files are left alone.
struct StudyExportFolderTests {
    @Test func foldersAreParticipantsAndStrayResultFilesAreListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["P2", "P1", ".hidden"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("{}".utf8).write(to: root.appendingPathComponent("lost.json"))
        try Data("label,zone\n".utf8).write(to: root.appendingPathComponent("participants.csv"))
        let folder = try StudyExportFolder.read(root.path)
        #expect(folder.entries.map(\.label) == ["P1", "P2"])
        #expect(folder.entries.first?.path == root.path + "/P1")
        #expect(folder.strays.map(\.file) == [root.path + "/lost.json"])
    }

    @Test func aMissingFolderOrAFileIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).csv")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let missing = #expect(throws: RegimenError.self) { try StudyExportFolder.read(file.path + "-gone") }
        #expect(
            ErrorReporter.message(for: missing ?? .usage(""), app: RegimenApp())
                == "\(file.path)-gone: \(ErrorReporter.noSuchFile)")
        let notFolder = #expect(throws: RegimenError.self) { try StudyExportFolder.read(file.path) }
        #expect(
            ErrorReporter.message(for: notFolder ?? .usage(""), app: RegimenApp())
                == "--export-folder: \(file.path) is not a folder")
    }
}
