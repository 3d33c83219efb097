import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import ResearchTasks

@Suite("ResultFiles: owner-only, atomic, never overwritten")
struct ResultFilesCodecTests {
    private let utc = CodecTrees.utc

    private func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    private func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    private func write(_ result: TaskResult, to directory: URL) throws(FileError) -> URL {
        URL(fileURLWithPath: try ResultFiles.write(result, timeZone: utc, to: FilePath(directory.path)).string)
    }

    private func read(_ url: URL) throws(ResultFileReadError) -> TaskResult {
        try ResultFiles.read(FilePath(url.path))
    }

    @Test("The file is named <task>-<yyyyMMdd-HHmmss in tz>-<run prefix>.json")
    func fileName() throws {
        let tree = CodecTrees.checkin()
        #expect(ResultFiles.baseName(for: tree, timeZone: utc) == "checkin-20261121-080410-3F2504E0")
        let angeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(ResultFiles.baseName(for: tree, timeZone: angeles) == "checkin-20261121-000410-3F2504E0")
        var odd = tree
        odd.identifier = "../knee/rom survey"
        #expect(ResultFiles.baseName(for: odd, timeZone: utc) == "_._knee_rom_survey-20261121-080410-3F2504E0")
        odd.identifier = ""
        #expect(ResultFiles.baseName(for: odd, timeZone: utc) == "result-20261121-080410-3F2504E0")
    }

    @Test("Writing creates the directory 0700 and the file 0600 holding exactly the encoded bytes, no temp left")
    func writeModes() throws {
        let root = CodecTrees.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("results/2026")
        let url = try write(CodecTrees.checkin(), to: directory)
        #expect(url.lastPathComponent == "checkin-20261121-080410-3F2504E0.json")
        #expect(url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path)
        #expect(try permissions(url) == 0o600)
        #expect(try permissions(directory) == 0o700)
        #expect(try permissions(root.appendingPathComponent("results")) == 0o700)
        #expect(try Data(contentsOf: url) == ResultFileCodec.encode(CodecTrees.checkin(), timeZone: utc))
        #expect(try listing(directory) == [url.lastPathComponent])
        #expect(try read(url).removingSources() == CodecTrees.checkin())
    }

    @Test("An existing file is never overwritten: later writes get -2, -3 and earlier contents stay intact")
    func noOverwrite() throws {
        let directory = CodecTrees.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try write(CodecTrees.checkin(), to: directory)
        let firstBytes = try Data(contentsOf: first)
        var changed = CodecTrees.checkin()
        changed.userInfo = ["edited": .bool(true)]
        let second = try write(changed, to: directory)
        let third = try write(changed, to: directory)
        #expect(second.lastPathComponent == "checkin-20261121-080410-3F2504E0-2.json")
        #expect(third.lastPathComponent == "checkin-20261121-080410-3F2504E0-3.json")
        #expect(try Data(contentsOf: first) == firstBytes)
        #expect(try read(second).removingSources() == changed)
        #expect(try permissions(third) == 0o600)
        #expect(try listing(directory).count == 3)
    }

    @Test("An existing directory keeps its own mode; a file in the way is notAFolder")
    func directoryCases() throws {
        let directory = CodecTrees.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        _ = try write(CodecTrees.checkin(), to: directory)
        #expect(try permissions(directory) == 0o750)
        let blocker = directory.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: FileError.notAFolder(path: FilePath(blocker.path))) {
            try write(CodecTrees.checkin(), to: blocker)
        }
        #expect(throws: FileError.notAFolder(path: FilePath(blocker.path))) {
            try write(CodecTrees.checkin(), to: blocker.appendingPathComponent("below"))
        }
    }

    @Test("A directory where files cannot be created is cannotCreate with the errno and leaves nothing behind")
    func unwritable() throws {
        let directory = CodecTrees.temporaryDirectory()
        defer {
            chmod(directory.path, 0o700)
            try? FileManager.default.removeItem(at: directory)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o500)
        // Root ignores modes; /proc refuses new files to everyone on Linux.
        let target = getuid() == 0 ? URL(fileURLWithPath: "/proc") : directory
        do {
            _ = try write(CodecTrees.checkin(), to: target)
            Issue.record("writing into \(target.path) succeeded")
        } catch {
            guard case .cannotCreate(let path, let errno) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.string.hasPrefix(target.path + "/.checkin-20261121-080410-3F2504E0."))
            #expect(errno == (getuid() == 0 ? .noSuchFileOrDirectory : .permissionDenied))
            #expect(error.description == "\(path.string): cannot be created (\(errno))")
        }
        #expect(try listing(directory).isEmpty)
    }

    @Test(
        "Reading: a missing file is a file error cannotRead(ENOENT); a malformed one names the file and the path in it")
    func readErrors() throws {
        let directory = CodecTrees.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nope.json")
        #expect(
            throws: ResultFileReadError.file(.cannotRead(path: FilePath(missing.path), errno: .noSuchFileOrDirectory))
        ) {
            try read(missing)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bad = directory.appendingPathComponent("bad.json")
        try Data("[]".utf8).write(to: bad)
        do {
            _ = try read(bad)
            Issue.record("read a malformed file")
        } catch {
            #expect(
                error == .malformed(path: FilePath(bad.path), .wrongType(path: "", expected: .object, found: .array)))
            #expect(error.description == "\(bad.path): top level: expected an object, found an array")
        }
    }
}
