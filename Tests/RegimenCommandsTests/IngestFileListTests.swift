import Foundation
import ResearchTasks
import Testing

@testable import RegimenCommands

/// `IngestFileList.collect` lists every `.json` file under a folder once, sorted by the bytes of its path, and tells
/// whether every file it lists is a regular file reached through no symbolic link, so that its folder's filesystem is
/// its own: only then may a short read end a file (`FolderFileReader`).
@Suite("Ingest file list: the files in the order of their paths; regular files in place, or not")
struct IngestFileListTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ingest-file-list-\(UUID().uuidString)")
    private let environment = RegimenEnvironment(
        variables: [:], currentDirectory: URL(fileURLWithPath: "/"), clock: FixedClock(Date(timeIntervalSince1970: 0)),
        timeZone: TimeZone(identifier: "UTC")!, stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false
    )

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

    @Test(
        "a folder of regular files, a named regular file, and a link to a folder (read through the folder it leads to) are in place"
    )
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
        for paths in [
            [path("mixed")], [path("mixed/5.json")], [path("pipe.json")], [path("plain"), path("pipe.json")],
        ] {
            let found = IngestFileList.collect(paths, environment: environment)
            #expect(!found.files.isEmpty)
            #expect(!found.regularInPlace, "\(paths)")
        }
    }

    @Test(
        "a walk lists each .json file once, in any case, in the bytes' order of the paths across subfolders, plain or not ASCII; hidden and other entries are left out"
    )
    func walkOrder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        for folder in ["tree/a", "tree/a/b", "tree/a/b-c", "tree/.hidden", "tree/caf\u{E9}"] {
            try files.createDirectory(atPath: path(folder), withIntermediateDirectories: true)
        }
        let listed = [
            "tree/a/b/x.json", "tree/a/c.json", "tree/a/b-c.json", "tree/a/B.JSON", "tree/a/b-c/y.Json",
            "tree/a/10.json",
            "tree/a/9.json", "tree/caf\u{E9}/r\u{E9}sultat.json", "tree/caf\u{E9}/e\u{301}.json", "tree/z.json",
        ]
        for file in listed + ["tree/a/notes.txt", "tree/a/.hidden.json", "tree/.hidden/h.json", "tree/a/json"] {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path(file)))
        }
        try files.createDirectory(atPath: path("tree/a/folder.json"), withIntermediateDirectories: true)
        let found = IngestFileList.collect([path("tree")], environment: environment)
        let expected = listed.map(path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(found.files.paths.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        #expect(found.missing.isEmpty)
        #expect(found.regularInPlace && found.files.regularFilesOnly)
        // The same folder named twice, and a file in it named too: each file once, in the first walk's order.
        let twice = IngestFileList.collect(
            [path("tree"), path("tree/a/c.json"), path("tree")], environment: environment)
        #expect(twice.files.paths == found.files.paths)
    }

    @Test("the listing on its own thread finds what collect finds, with the reading order worked out when asked")
    func listingOnItsThread() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(atPath: path("days"), withIntermediateDirectories: true)
        for day in [1, 2, 10, 11, 20] {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path("days/checkin-\(day).json")))
        }
        let direct = IngestFileList.collect([path("days"), path("nothing-here")], environment: environment)
        for readingOrder in [false, true] {
            let found = IngestListing(
                [path("days"), path("nothing-here")], environment: environment, readingOrder: readingOrder
            )
            .found()
            #expect(found.files.paths == direct.files.paths)
            #expect(found.missing.map(\.file) == direct.missing.map(\.file) && found.missing.count == 1)
            #expect(found.files.readingOrder() == direct.files.readingOrder())
            #expect(
                found.files.readingOrder().map { found.files.path(at: $0) }
                    == [1, 2, 10, 11, 20].map { path("days/checkin-\($0).json") })
        }
    }
}
