import Foundation
import RegimenFoundation
import SystemPackage
import Testing

/// `PrivateJournal`: a private file appended record by record, held by its writer while it lives, and claimable with
/// every record once the writer is gone, however it went (docs/finish-later.md, "When the program is stopped").
@Suite("Private journal: appended, held while written, claimed when left")
final class PrivateJournalTests {
    private let root: FilePath

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("private-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        root = FilePath(base.path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root.string)
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.string).sorted()
    }

    private func claimedBytes(_ path: FilePath) throws -> String? {
        guard case .left(let bytes, _) = try PrivateJournal.claim(path, limit: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("It is 0600, holds each appended record at once, and is held, not claimable, while its writer has it open")
    func heldWhileWritten() throws {
        let path = root.appending("in-progress.jsonl")
        let journal = try PrivateJournal(creating: path, bytes: Array("header\n".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: path.string)[.posixPermissions] as? Int == 0o600)
        try journal.append(Array("one\n".utf8))
        try journal.append(Array("two\n".utf8))
        #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "header\none\ntwo\n")
        guard case .held = try PrivateJournal.claim(path, limit: 1 << 20) else {
            Issue.record("a journal its writer holds is not claimable")
            return
        }
        #expect(try names() == ["in-progress.jsonl"], "no temporary file is left")
        journal.close()
        #expect(try claimedBytes(path) == "header\none\ntwo\n", "once let go, its records are claimable")
    }

    @Test("Rewriting replaces what it holds; later records follow the new bytes")
    func rewrite() throws {
        let path = root.appending("in-progress.jsonl")
        let journal = try PrivateJournal(creating: path, bytes: Array("a fresh run's header\n".utf8))
        try journal.rewrite(Array("a resumed run's header\n".utf8))
        try journal.append(Array("kept line\n".utf8))
        #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "a resumed run's header\nkept line\n")
        journal.close()
    }

    @Test("Removing a journal whose name now points to another file leaves that file alone")
    func removeChecksIdentity() throws {
        let path = root.appending("in-progress.jsonl")
        let journal = try PrivateJournal(creating: path, bytes: Array("mine\n".utf8))
        try FileManager.default.moveItem(atPath: path.string, toPath: root.appending("moved.jsonl").string)
        try PrivateFiles.createExclusive(path, bytes: Array("someone else's\n".utf8))
        journal.remove()
        #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "someone else's\n")
    }

    @Test("A claim keeps other claimants out until it is dropped; removing it leaves nothing")
    func claimIsExclusive() throws {
        let path = root.appending("in-progress.jsonl")
        try PrivateJournal(creating: path, bytes: Array("header\n".utf8)).close()
        guard case .left(_, let claim) = try PrivateJournal.claim(path, limit: 1 << 20) else {
            Issue.record("a journal let go is claimable")
            return
        }
        guard case .held = try PrivateJournal.claim(path, limit: 1 << 20) else {
            Issue.record("a claimed journal is held")
            return
        }
        claim.remove()
        guard case .missing = try PrivateJournal.claim(path, limit: 1 << 20) else {
            Issue.record("a removed journal is missing")
            return
        }
        #expect(try names().isEmpty)
    }

    @Test("Creating it where a file is refuses with fileExists and leaves that file as it was")
    func neverReplaces() throws {
        let path = root.appending("in-progress.jsonl")
        let first = try PrivateJournal(creating: path, bytes: Array("first\n".utf8))
        #expect(throws: FileError.cannotCreate(path: path, errno: .fileExists)) {
            try PrivateJournal(creating: path, bytes: Array("second\n".utf8))
        }
        #expect(try String(contentsOfFile: path.string, encoding: .utf8) == "first\n")
        #expect(try names() == ["in-progress.jsonl"])
        first.remove()
        #expect(try names().isEmpty)
    }

    @Test(
        "Where it cannot be created (its folder is a file), creating it fails naming the journal, and nothing is left")
    func cannotCreate() throws {
        let notAFolder = root.appending("results")
        try PrivateFiles.createExclusive(notAFolder, bytes: Array("x".utf8))
        let path = notAFolder.appending("in-progress.jsonl")
        #expect(throws: FileError.cannotCreate(path: path, errno: .notDirectory)) {
            try PrivateJournal(creating: path, bytes: Array("h\n".utf8))
        }
        #expect(try names() == ["results"])
    }

    @Test(
        "A writer in another process killed with SIGKILL (a shell holding the lock through flock(1)) lets the journal go with every record it appended"
    )
    func killedWriter() throws {
        let path = root.appending("in-progress.jsonl")
        try PrivateJournal(creating: path, bytes: Array("header\n".utf8)).close()
        // Another process takes the file as a writer does (flock(1) on an open descriptor, kept by `sleep`).
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec 9>>\"$1\" && flock 9 && echo one >&9 && exec sleep 60", "writer", path.string]
        try writer.run()
        var held = false
        for _ in 0..<200 where !held {
            let appended = (try? String(contentsOfFile: path.string, encoding: .utf8)) == "header\none\n"
            if appended, case .held = try PrivateJournal.claim(path, limit: 1 << 20) {
                held = true
            } else {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        try #require(held, "the other process took the journal and appended its record")
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)
        #expect(try claimedBytes(path) == "header\none\n")
    }

    @Test("A journal over the read limit is refused as too large, not read whole")
    func readLimit() throws {
        let path = root.appending("in-progress.jsonl")
        try PrivateJournal(creating: path, bytes: Array(repeating: UInt8(ascii: "x"), count: 100)).close()
        #expect(throws: FileError.tooLarge(path: path, limit: 50)) { try PrivateJournal.claim(path, limit: 50) }
    }
}
