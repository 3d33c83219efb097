import Foundation
import RegimenFoundation
import Testing

@testable import StudyDatabase

/// `regimen study outcomes` and `study export` through the built executable: CSV as RFC 4180, the same columns with
/// a filter that keeps nothing, an owner-only export folder with a manifest, and a wide CSV that pandas reads as one
/// row per participant × event.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct StudyExportTests {
    static let now = "2026-10-28T12:00:00Z"

    /// A study seeded by `seeding` (the reading scenario unless given) and an empty folder to write into.
    static func withSeededFolder(
        seeding: (StudySeed) async throws -> Void = { _ = try await ReadingScenario.seed($0) },
        _ body: (DatabaseURL, URL) async throws -> Void
    ) async throws {
        try await TestServer.withDatabase { url in
            let seed = try await StudySeed.make(url)
            try await seeding(seed)
            await seed.close()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "regimen-read-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await body(url, folder)
        }
    }

    @Test("outcomes --wide: fixed columns, quoted cells, missed rows empty; a filter keeping nothing keeps the header")
    func wideCSV() async throws {
        try await Self.withSeededFolder { url, folder in
            let run = try BuiltRegimen.run(["study", "outcomes", "--wide"], url: url, now: Self.now, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let header =
                "participant,task,occurrence,event_start_utc,event_start_local,study_day,status,checkin.pain,sleep,note,evening.pain"
            #expect(lines.first == header)
            #expect(lines.count == 15 + 2)
            #expect(lines.contains("berlin-1,checkin,2,2026-10-25T07:00:00Z,2026-10-25T08:00:00+01:00,3,missed,,,,"))
            #expect(
                lines.contains(
                    "berlin-1,checkin,0,2026-10-27T08:00:00Z,2026-10-27T09:00:00+01:00,5,completed,0,8,\"fine, \"\"thanks\"\"\","
                ))
            let empty = try BuiltRegimen.run(
                ["study", "outcomes", "--wide", "--from", "2030-01-01"], url: url, now: Self.now, in: folder)
            #expect(empty.stdout == header + "\n")
            let json = try BuiltRegimen.run(
                ["study", "outcomes", "--long", "--format", "json", "--participant", "chatham"], url: url,
                now: Self.now, in: folder)
            #expect(json.status == 0)
            let parsed = try JSONParser.parse(bytes: Array(json.stdout.utf8))
            guard case .array(let rows) = parsed else {
                Issue.record("not an array")
                return
            }
            #expect(rows.count == 2)
            // One object per line, the value typed: no line break inside an object.
            #expect(json.stdout.split(separator: "\n").count == 2 + 2)
            if case .object(let first)? = rows.first {
                #expect(first["value"] == .integer(1) && first["kind"] == .string("pain"))
            }
            let missing = try BuiltRegimen.run(
                ["study", "outcomes", "--participant", "nobody"], url: url, now: Self.now, in: folder)
            #expect(missing.status == 64)
            #expect(missing.stderr.contains("no participant 'nobody'"))
        }
    }

    @Test("export: a new 0700 folder of 0600 files, a manifest with row counts and SHA-256; refuses a non-empty folder")
    func export() async throws {
        try await Self.withSeededFolder { url, folder in
            let run = try BuiltRegimen.run(["study", "export", "--out", "out"], url: url, now: Self.now, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let out = folder.appendingPathComponent("out")
            let manager = FileManager.default
            let folderMode = try manager.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
            #expect(folderMode == 0o700)
            let names = try manager.contentsOfDirectory(atPath: out.path).sorted()
            #expect(
                names == [
                    "adherence.csv", "dictionary.csv", "manifest.json", "outcomes-long.csv", "outcomes-wide.csv",
                    "participants.csv", "revisions.json",
                ])
            for name in names {
                let mode =
                    try manager.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.posixPermissions]
                    as? Int
                #expect(mode == 0o600, "\(name)")
            }
            let manifest = try JSONParser.parse(
                bytes: Array(try Data(contentsOf: out.appendingPathComponent("manifest.json"))))
            guard case .object(let fields) = manifest, case .array(let files)? = fields["files"] else {
                Issue.record("manifest without files")
                return
            }
            #expect(fields["study"] == .string("trial") && fields["revision"] == .integer(2))
            #expect(fields["generated_at"] == .string(Self.now))
            #expect(files.count == 6)
            for case .object(let file) in files {
                guard case .string(let name)? = file["name"], case .integer(let rows)? = file["rows"] else { continue }
                let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
                if name.hasSuffix(".csv") { #expect(text.split(separator: "\n").count == rows + 1, "\(name)") }
                if name == "outcomes-wide.csv" { #expect(rows == 15) }
                if name == "participants.csv" { #expect(rows == 3) }
                let digest: String? = if case .string(let hex)? = file["sha256"] { hex } else { nil }
                #expect(digest?.count == 64)
            }
            let again = try BuiltRegimen.run(["study", "export", "--out", "out"], url: url, now: Self.now, in: folder)
            #expect(again.status != 0)
            #expect(again.stderr.contains("not empty"))
            let left = try manager.contentsOfDirectory(atPath: folder.path)
            #expect(left == ["out"])
        }
    }

    /// Whether `python3` with pandas is installed (`pip install pandas`).
    static let hasPandas: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import pandas"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(
        "the wide CSV loads in pandas with one row per participant × event",
        .enabled(if: hasPandas, "needs python3 with pandas: pip install pandas"))
    func pandas() async throws {
        try await Self.withSeededFolder { url, folder in
            let run = try BuiltRegimen.run(["study", "outcomes", "--wide"], url: url, now: Self.now, in: folder)
            let file = folder.appendingPathComponent("wide.csv")
            try Data(run.stdout.utf8).write(to: file)
            let script = BuiltRegimen.packageRoot.appendingPathComponent("scripts/check-wide-csv.py")
            let python = URL(fileURLWithPath: "/usr/bin/env")
            let check = try BuiltRegimen.run(
                ["python3", script.path, file.path, "15", "checkin.pain", "sleep", "note", "evening.pain"], url: url,
                now: Self.now, in: folder, executable: python)
            #expect(check.status == 0, "\(check.stderr)")
        }
    }
}
