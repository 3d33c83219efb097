import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults: SIGKILL at any moment then a rerun, and two ingests at once, as real processes.
@Suite("End to end: ingest faults", .serialized)
struct IngestFaultTests {
    @Test("SIGKILL at several moments, then a rerun: every file is ingested exactly once, no hidden file is left")
    func killAndRerun() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("many")
        let count = 3_000
        try IngestSandbox.writeDaily(0..<count, into: folder)
        let storeFolder = (sandbox.store as NSString).deletingLastPathComponent
        let storeName = (sandbox.store as NSString).lastPathComponent
        func hidden() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: storeFolder).filter {
                $0.hasPrefix(".\(storeName).new-")
            }
        }
        for delay in [0.02, 0.15, 0.3, 0.6] {
            let launched = try sandbox.launch(["ingest", folder.path, "--store", sandbox.store])
            Thread.sleep(forTimeInterval: delay)
            kill(launched.process.processIdentifier, SIGKILL)
            launched.process.waitUntilExit()
            // A first ingest fills a new store unseen: killed before it is put in place, there is no store at all.
            if !FileManager.default.fileExists(atPath: sandbox.store) {
                let left = try hidden()
                #expect(left.count <= 1, "\(left)")
            }
        }
        let rerun = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(try hidden().isEmpty, "the killed ingests' hidden files are removed by the next new store")
        #expect(rerun.status == 0, "stderr: \(rerun.stderr)")
        let feed = try sandbox.changes()
        #expect(feed.changes.count == count)
        #expect(Set(feed.changes.map(\.sync)).count == count)
        #expect(feed.changes.allSatisfy { $0.kind == "added" })
        let last = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(last.stdout.contains("ingested 0, unchanged \(count), replaced 0, superseded 0, rejected 0"))
    }

    /// A new store starts opening before the surveys load (docs/performance.md, "Ingest"); a command that then fails on
    /// its surveys or options must take it back, and must not touch a store that already exists.
    @Test(
        "Bad surveys, a bad --start or an unknown --task: no store and no hidden file is left; an existing store is untouched"
    )
    func badInputLeavesNoStore() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("results")
        try IngestSandbox.writeDaily(0..<3, into: folder)
        let surveys = try sandbox.folder("bad-surveys")
        try Data("schemaVersion: 1\nid: [unclosed\n".utf8).write(to: surveys.appendingPathComponent("broken.yaml"))
        let storeFolder = (sandbox.store as NSString).deletingLastPathComponent
        func entries() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: storeFolder)) }
        let bad: [(arguments: [String], status: Int32, says: String)] = [
            (["--surveys", surveys.path], 65, "YAML syntax error"), (["--start", "2018-02-30"], 64, "is not a day"),
            (["--task", "no-such-task"], 64, "no survey defines task 'no-such-task'"),
        ]
        /// Runs every bad ingest: each is refused with its reason, and the store's folder (and the store's bytes,
        /// when there is a store) are as they were.
        func refusedLeavingAllAsItWas(store: Data?) throws {
            let before = try entries()
            for (arguments, status, says) in bad {
                let run = try sandbox.run(["ingest", folder.path, "--store", sandbox.store] + arguments)
                #expect(run.status == status && run.stderr.contains(says), "\(arguments): \(run.status) \(run.stderr)")
                let after = try entries()
                #expect(after == before, "\(arguments) left \(after.subtracting(before))")
                if let store {
                    #expect(
                        try Data(contentsOf: URL(fileURLWithPath: sandbox.store)) == store,
                        "\(arguments) changed the store")
                }
            }
        }
        try refusedLeavingAllAsItWas(store: nil)
        let made = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(made.status == 0, "stderr: \(made.stderr)")
        try refusedLeavingAllAsItWas(store: try Data(contentsOf: URL(fileURLWithPath: sandbox.store)))
    }

    @Test(
        "Two ingests over overlapping folders at once, on a new store, both succeed with no duplicates",
        arguments: 1...3)
    func concurrent(round: Int) throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        // The shared folder holds the earliest days, so whichever process starts the schedule starts it there.
        let shared = try sandbox.folder("shared")
        let left = try sandbox.folder("left")
        let right = try sandbox.folder("right")
        try IngestSandbox.writeDaily(0..<500, into: shared)
        try IngestSandbox.writeDaily(500..<1_000, into: left)
        try IngestSandbox.writeDaily(1_000..<1_500, into: right)
        let first = try sandbox.launch(["ingest", shared.path, left.path, "--store", sandbox.store])
        let second = try sandbox.launch(["ingest", right.path, shared.path, "--store", sandbox.store])
        let (firstStatus, firstErrors) = first.finish()
        let (secondStatus, secondErrors) = second.finish()
        #expect(firstStatus == 0, "stderr: \(firstErrors)")
        #expect(secondStatus == 0, "stderr: \(secondErrors)")
        let feed = try sandbox.changes()
        #expect(feed.changes.count == 1_500)
        #expect(Set(feed.changes.map(\.sync)).count == 1_500)
        #expect(feed.changes.allSatisfy { $0.kind == "added" })
        let again = try sandbox.run(["ingest", sandbox.regimen.sandbox.path, "--store", sandbox.store])
        #expect(again.stdout.contains("ingested 0, unchanged 1500"), "\(again.stdout)")
    }
}
