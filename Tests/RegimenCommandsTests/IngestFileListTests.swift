import Foundation
import ResearchTasks
import Testing

@testable import RegimenCommands

/// `IngestFileList.collect` tells whether every file it lists is a regular file reached through no symbolic link, so
/// that its folder's filesystem is its own: only then may a short read end a file (`FolderFileReader`).
@Suite("Ingest file list: regular files in place, or not")
struct IngestFileListTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-file-list-\(UUID().uuidString)")
    private let environment = RegimenEnvironment(
        variables: [:], currentDirectory: URL(fileURLWithPath: "/"), clock: FixedClock(Date(timeIntervalSince1970: 0)),
        timeZone: TimeZone(identifier: "UTC")!, stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false)

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A folder `plain` of two result files, a folder `elsewhere` holding one, and `linked`: a link to that folder.
    private func makeFolders() throws {
        let files = FileManager.default
        for folder in ["plain", "elsewhere", "mixed"] {
            try files.createDirectory(atPath: path(folder), withIntermediateDirectories: true)
        }
        for file in ["plain/1.json", "plain/2.json", "elsewhere/3.json", "mixed/4.json"] {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path(file)))
        }
        try files.createSymbolicLink(atPath: path("linked"), withDestinationPath: path("elsewhere"))
        try files.createSymbolicLink(atPath: path("mixed/5.json"), withDestinationPath: path("elsewhere/3.json"))
    }

    @Test("a folder of regular files, a named regular file, and a link to a folder (read through the folder it leads to) are in place")
    func regularFilesAreInPlace() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try makeFolders()
        for paths in [[path("plain")], [path("plain/1.json")], [path("linked")], [path("plain"), path("linked")]] {
            let found = IngestFileList.collect(paths, environment: environment)
            #expect(!found.files.isEmpty)
            #expect(found.regularInPlace, "\(paths)")
        }
    }

    @Test("a linked file in a walked folder, a named link to a file, and a named pipe are not in place")
    func linksAndPipesAreNot() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try makeFolders()
        #expect(mkfifo(path("pipe.json"), 0o600) == 0)
        for paths in [[path("mixed")], [path("mixed/5.json")], [path("pipe.json")], [path("plain"), path("pipe.json")]] {
            let found = IngestFileList.collect(paths, environment: environment)
            #expect(!found.files.isEmpty)
            #expect(!found.regularInPlace, "\(paths)")
        }
    }
}
