import Foundation
import Testing

/// Every command that reads a file or folder named on its command line ends the same way when that path names
/// nothing: exit 66 (`EX_NOINPUT`) and `regimen: PATH: no such file or directory` on standard error, nothing on
/// standard output except `ingest`'s summary (docs/command-line-conventions.md, "Missing files").
@Suite("End to end: a missing input file is exit 66 and one message, whichever command reads it", .serialized)
struct MissingFileTests {
    /// Each command with paths that name nothing (relative to the run's working folder, the sandbox), and the one it
    /// reports: the first it reads.
    static let commands: [([String], String)] = [
        (["result", "show", "gone.json"], "gone.json"),
        (["result", "show", "--format", "json", "gone.json"], "gone.json"),
        (["extract", "gone.json"], "gone.json"),
        (["extract", "--surveys", "gone", "gone.json"], "gone.json"),
        (["replay", "checkin", "gone.jsonl"], "gone.jsonl"),
        (["replay", "checkin", "gone.jsonl", "--surveys", "gone"], "gone"),
        (["motion", "gone.json"], "gone.json"),
        (["validate", "gone"], "gone"),
        (["run", "checkin", "--surveys", "gone"], "gone"),
        (["ingest", "gone"], "gone"),
        (["ingest", "--surveys", "gone", "gone.json"], "gone"),
        (["today", "--surveys", "gone"], "gone"),
        (["today", "--week", "--surveys=gone"], "gone"),
        (["outcomes", "--surveys", "gone"], "gone"),
        (["events", "checkin", "--surveys", "gone"], "gone"),
        (["survey", "import", "gone.json"], "gone.json"),
    ]

    @Test("the command exits 66 and names the missing path, and nothing else, on standard error", arguments: commands)
    func missingPath(arguments: [String], missing: String) throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(arguments)
        let path = regimen.sandbox.appendingPathComponent(missing).standardizedFileURL.path
        #expect(run.status == 66, "\(arguments): \(run.stderr)")
        #expect(run.stderr == "regimen: \(path): no such file or directory\n", "\(arguments)")
        if arguments.first != "ingest" || missing == "gone" && arguments.contains("--surveys") {
            #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
        }
    }

    @Test("ingest stores the paths that exist, lists the missing one among the rejected, and still exits 66")
    func ingestMixed() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let empty = regimen.sandbox.appendingPathComponent("empty", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try regimen.run(["ingest", "empty", "gone.json", "--store", regimen.store.path])
        let path = regimen.sandbox.appendingPathComponent("gone.json").path
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stdout.contains("rejected:\n  \(path): no such file or directory"), "\(run.stdout)")
        #expect(run.stderr == "regimen: \(path): no such file or directory\n")
    }
}
