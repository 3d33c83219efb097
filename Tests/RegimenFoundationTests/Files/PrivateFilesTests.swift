import Foundation
import RegimenFoundation
import SystemPackage
import Testing

/// Serialized: one test narrows the process's umask for the length of one call.
@Suite("Private files: owner-only, whole or not at all", .serialized)
final class PrivateFilesTests {
    private let root: FilePath

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("private-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        root = FilePath(base.path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root.string)
    }

    private func mode(_ path: FilePath) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path.string)[.posixPermissions] as? Int) ?? -1
    }

    private func text(_ path: FilePath) throws -> String {
        try String(contentsOfFile: path.string, encoding: .utf8)
    }

    @Test("folders are 0700 and files 0600 whatever the umask (tried with 0 and with 0277, which drops owner write)")
    func modesIgnoreUmask() throws {
        for (index, mask) in [mode_t(0), mode_t(0o277)].enumerated() {
            let folder = root.appending("u\(index)/a/b")
            let file = folder.appending("f.json")
            let other = folder.appending("g.json")
            let previous = umask(mask)
            let outcome = Result { () throws(FileError) in
                try PrivateFiles.makeFolder(folder)
                try PrivateFiles.createExclusive(file, bytes: Array("x".utf8))
                try PrivateFiles.writeAtomically(other, bytes: Array("y".utf8))
            }
            umask(previous)
            try outcome.get()
            #expect(try mode(root.appending("u\(index)")) == 0o700)
            #expect(try mode(root.appending("u\(index)/a")) == 0o700)
            #expect(try mode(folder) == 0o700)
            #expect(try mode(file) == 0o600)
            #expect(try mode(other) == 0o600)
        }
    }

    @Test("exclusive create refuses an existing file, names it, and leaves its content")
    func exclusiveRefusesExisting() throws {
        let file = root.appending("taken.json")
        try PrivateFiles.createExclusive(file, bytes: Array("first".utf8))
        #expect(throws: FileError.cannotCreate(path: file, errno: .fileExists)) {
            try PrivateFiles.createExclusive(file, bytes: Array("second".utf8))
        }
        #expect(try text(file) == "first")
    }

    @Test("atomic replace swaps the whole content, makes a loose file 0600 and leaves no temporary file")
    func atomicReplace() throws {
        let file = root.appending("history")
        FileManager.default.createFile(
            atPath: file.string, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
        try PrivateFiles.writeAtomically(file, bytes: Array("new".utf8))
        #expect(try text(file) == "new")
        #expect(try mode(file) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.string) == ["history"])
    }

    @Test("a replace that cannot finish keeps what was there and leaves no temporary file (a folder at the name)")
    func failedReplaceKeepsOld() throws {
        let target = root.appending("busy")
        try PrivateFiles.makeFolder(target.appending("inside"))
        #expect(throws: FileError.self) { try PrivateFiles.writeAtomically(target, bytes: Array("new".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.string) == ["busy"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.string) == ["inside"])
    }

    @Test(
        "in a read-only folder a replace fails naming the path and the old content stays",
        .enabled(if: geteuid() != 0, "root writes into read-only folders, so this cannot fail as root"))
    func readOnlyFolder() throws {
        let folder = root.appending("locked")
        let file = folder.appending("data")
        try PrivateFiles.makeFolder(folder)
        try PrivateFiles.createExclusive(file, bytes: Array("old".utf8))
        chmod(folder.string, 0o500)
        defer { chmod(folder.string, 0o700) }
        do {
            try PrivateFiles.writeAtomically(file, bytes: Array("new".utf8))
            Issue.record("the replace succeeded in a read-only folder")
        } catch {
            #expect(error.path.removingLastComponent() == folder)
            #expect(error.errno == .permissionDenied)
        }
        #expect(try text(file) == "old")
    }

    @Test("writeNew never replaces: it takes the first free name, or answers nil when all are taken")
    func writeNew() throws {
        let first = root.appending("r.json")
        let second = root.appending("r-2.json")
        #expect(try PrivateFiles.writeNew(bytes: Array("1".utf8), firstFreeOf: [first, second]) == first)
        #expect(try PrivateFiles.writeNew(bytes: Array("2".utf8), firstFreeOf: [first, second]) == second)
        #expect(try PrivateFiles.writeNew(bytes: Array("3".utf8), firstFreeOf: [first, second]) == nil)
        #expect(try text(first) == "1")
        #expect(try text(second) == "2")
        #expect(try mode(second) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.string).sorted() == ["r-2.json", "r.json"])
    }

    @Test("errors name the exact path: a file where a folder is needed, a missing folder for a new file")
    func errorsNamePaths() throws {
        let file = root.appending("plain")
        try PrivateFiles.createExclusive(file, bytes: [])
        #expect(throws: FileError.notAFolder(path: file)) { try PrivateFiles.makeFolder(file.appending("sub")) }
        let missing = root.appending("nowhere/x")
        #expect(throws: FileError.cannotCreate(path: missing, errno: .noSuchFileOrDirectory)) {
            try PrivateFiles.createExclusive(missing, bytes: [])
        }
        #expect(throws: FileError.cannotRead(path: missing, errno: .noSuchFileOrDirectory)) {
            try FileBytes.read(missing)
        }
    }

    @Test("tighten makes a 0644 file 0600, leaves a 0400 file alone, and ignores a missing file")
    func tighten() throws {
        let loose = root.appending("loose")
        let strict = root.appending("strict")
        FileManager.default.createFile(atPath: loose.string, contents: nil, attributes: [.posixPermissions: 0o644])
        FileManager.default.createFile(atPath: strict.string, contents: nil, attributes: [.posixPermissions: 0o400])
        try PrivateFiles.tighten(loose)
        try PrivateFiles.tighten(strict)
        try PrivateFiles.tighten(root.appending("absent"))
        #expect(try mode(loose) == 0o600)
        #expect(try mode(strict) == 0o400)
    }

    @Test("a pipe, whose size fstat cannot tell, is read to its end: 3 MB written in pieces by another thread")
    func readsPipe() throws {
        let fifo = root.appending("fifo")
        #expect(mkfifo(fifo.string, 0o600) == 0)
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.string) else { return }
            for start in stride(from: 0, to: bytes.count, by: 100_000) {
                handle.write(Data(bytes[start..<min(bytes.count, start + 100_000)]))
            }
            try? handle.close()
        }
        writer.start()
        #expect(try FileBytes.read(fifo) == bytes)
    }

    @Test(
        "whole-file reads return every byte: empty, around the first 16 KiB read, and far beyond it",
        arguments: [0, 1, 16_383, 16_384, 16_385, 200_000])
    func readsWhole(_ size: Int) throws {
        let file = root.appending("file-\(size)")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try PrivateFiles.createExclusive(file, bytes: bytes)
        #expect(try FileBytes.read(file) == bytes)
    }

    @Test(
        "writeback starts on a file opened read-only (as a staged store's observer opens it), and is refused for no file"
    )
    func writebackStarts() throws {
        let file = root.appending("store")
        try PrivateFiles.createExclusive(file, bytes: Array(repeating: 7, count: 100_000))
        let descriptor = try FileDescriptor.open(file, .readOnly)
        defer { try? descriptor.close() }
        #expect(PrivateFiles.startWriteback(descriptor))
        // -1: a closed descriptor's number may already be another test's file (tests run in parallel).
        #expect(!PrivateFiles.startWriteback(FileDescriptor(rawValue: -1)))
    }
}
