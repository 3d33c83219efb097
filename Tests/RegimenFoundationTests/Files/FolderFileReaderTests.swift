import Foundation
import RegimenFoundation
import SystemPackage
import Testing

/// `FolderFileReader` reads each file relative to its folder, keeping the folder open while files follow in it.
@Suite("Folder file reader: whole files by folder-relative opens, errors naming the full path")
final class FolderFileReaderTests {
    private let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-reader-\(UUID().uuidString)").path
        for folder in ["a", "b", "a/deeper", "ä", "caf\u{E9}", "cafe\u{301}"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ relative: String, _ text: String) throws -> String {
        let path = "\(root)/\(relative)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "files in alternating folders, nested ones and back again, with names beyond ASCII, read exactly as FileBytes reads them, whether or not a short read may end a file",
        arguments: [false, true])
    func alternatingFolders(regularFilesOnly: Bool) throws {
        let paths = try [
            write("a/1.json", "one"), write("a/2.json", String(repeating: "x", count: 40_000)), write("b/3.json", ""),
            // Around the first read of 16 KiB, and far beyond it.
            write("b/16383.json", String(repeating: "y", count: 16_383)),
            write("b/16384.json", String(repeating: "y", count: 16_384)),
            write("b/16385.json", String(repeating: "y", count: 16_385)),
            write("b/big.json", String(repeating: "z", count: 200_001)),
            write("a/deeper/4.json", "four"), write("a/5.json", "five"), write("b/6.json", "six"),
            // Names beyond ASCII, and longer than a string holds inline, in a folder beyond ASCII.
            write("ä/über 🙂 ein ziemlich langer Name.json", "seven"), write("a/ä.json", "eight"),
        ]
        let reader = FolderFileReader(regularFilesOnly: regularFilesOnly)
        for path in paths + paths.reversed() {
            #expect(try reader.read(path) == (try FileBytes.read(FilePath(path))), "\(path)")
        }
    }

    @Test("two folders whose names are canonically equivalent (é and e + U+0301) are two folders: each file is its own")
    func equivalentFolderNames() throws {
        let composed = try write("caf\u{E9}/same.json", "composed")
        let decomposed = try write("cafe\u{301}/same.json", "decomposed")
        let reader = FolderFileReader()
        for (path, text) in [(composed, "composed"), (decomposed, "decomposed"), (composed, "composed")] {
            #expect(try reader.read(path) == Array(text.utf8), "\(path.unicodeScalars.map(\.value))")
        }
    }

    @Test(
        "a missing file, a missing folder and a folder in place of a file fail as FileBytes.read fails, naming the path"
    )
    func errorsNameThePath() throws {
        let reader = FolderFileReader()
        _ = try reader.read(write("a/1.json", "one"))
        let cases: [(String, Errno)] = [
            ("\(root)/a/missing.json", .noSuchFileOrDirectory),
            ("\(root)/nowhere/missing.json", .noSuchFileOrDirectory),
            ("\(root)/a/deeper", .isDirectory),
        ]
        for (path, errno) in cases {
            #expect(throws: FileError.cannotRead(path: FilePath(path), errno: errno)) { try reader.read(path) }
        }
        #expect(try reader.read("\(root)/a/1.json") == Array("one".utf8), "the reader goes on after errors")
    }

    @Test("the folder stays open between its files: after it is renamed, its other files are still read through it")
    func folderStaysOpen() throws {
        let first = try write("a/1.json", "one")
        let second = try write("a/2.json", "two")
        let reader = FolderFileReader()
        #expect(try reader.read(first) == Array("one".utf8))
        try FileManager.default.moveItem(atPath: "\(root)/a", toPath: "\(root)/renamed")
        #expect(throws: FileError.cannotRead(path: FilePath(second), errno: .noSuchFileOrDirectory)) {
            try FileBytes.read(FilePath(second))
        }
        #expect(try reader.read(second) == Array("two".utf8), "read by name in the folder it already holds open")
        #expect(throws: FileError.cannotRead(path: FilePath("\(root)/b/x.json"), errno: .noSuchFileOrDirectory)) {
            try reader.read("\(root)/b/x.json")
        }
    }

    @Test("a path ending in a slash fails as FileBytes.read fails on it")
    func trailingSlash() throws {
        let reader = FolderFileReader()
        let path = "\(root)/a/"
        #expect(throws: FileError.cannotRead(path: FilePath(path), errno: .isDirectory)) { try reader.read(path) }
    }

    @Test("a path without a folder is read relative to the current folder, as FileBytes reads it")
    func bareName() throws {
        let reader = FolderFileReader()
        #expect(throws: FileError.cannotRead(path: FilePath("no-such-file-here.json"), errno: .noSuchFileOrDirectory)) {
            try reader.read("no-such-file-here.json")
        }
    }

    @Test("a short read ends a file only on local filesystems: not on procfs, whose files are read in pieces")
    func shortReadsTrustedOnlyLocally() throws {
        let proc = open("/proc/self", O_RDONLY | O_DIRECTORY)
        try #require(proc >= 0)
        defer { close(proc) }
        #expect(!FileSystemKind.shortReadEndsFile(on: proc))
        #expect(!FileSystemKind.shortReadEndsFile(on: -1))
        // A procfs file longer than one read of it, read through a reader promised regular files, is still whole.
        let reader = FolderFileReader(regularFilesOnly: true)
        let maps = try reader.read("/proc/self/maps")
        // procfs hands this file out about 4 KiB at a time; the test process maps far more than 4 KiB of lines.
        #expect(maps.count > 4_096 && maps.last == UInt8(ascii: "\n"), "\(maps.count) bytes")
        #expect(!reader.lastReadTrustedShortRead)
    }

    @Test(
        "a reader takes a short read for a file's end only when promised regular files, and its folder's filesystem allows it"
    )
    func trustsShortReadsOnlyWhenPromised() throws {
        let path = try write("a/short.json", "{}")
        let folder = open("\(root)/a", O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        defer { close(folder) }
        let plain = FolderFileReader()
        _ = try plain.read(path)
        #expect(!plain.lastReadTrustedShortRead)
        let promised = FolderFileReader(regularFilesOnly: true)
        _ = try promised.read(path)
        #expect(promised.lastReadTrustedShortRead == FileSystemKind.shortReadEndsFile(on: folder))
    }
}
