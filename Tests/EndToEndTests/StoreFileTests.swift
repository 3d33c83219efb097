import Foundation
import Testing

/// The store file as participants meet it (docs/store-file.md): a read-only store is read and never written, a file
/// that is not a store is named and left alone, and store failures speak the participant's terms unless --debug.
@Suite("End to end: the store file is the participant's data", .serialized)
struct StoreFileTests {
    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test(
        "a 0400 store: today, events, outcomes and changes read it; run and ingest refuse before any question; bytes and mode unchanged"
    )
    func readOnlyStore() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let store = regimen.store.path
        let first = try regimen.run(
            ["run", "checkin", "--store", store, "--results", regimen.results.path], input: "4\n8\n")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(chmod(store, 0o400) == 0)
        let before = try Data(contentsOf: regimen.store)

        let feed = try regimen.run(["--store", store])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        #expect(feed.stdout.contains("✓ Check In"))
        let events = try regimen.run([
            "events", "checkin", "--store", store, "--from", "2026-11-21", "--to", "2026-11-21",
        ])
        #expect(events.status == 0 && events.stdout.contains("yes"), "stderr: \(events.stderr)")
        let outcomes = try regimen.run(["outcomes", "--store", store, "--format", "csv"])
        #expect(outcomes.status == 0 && outcomes.stdout.contains("checkin.form.pain"), "stderr: \(outcomes.stderr)")
        let changes = try regimen.run(["changes", "--store", store])
        #expect(changes.status == 0 && changes.stdout.contains("anchor: 1"), "stderr: \(changes.stderr)")

        let expected =
            "regimen: care store: \(store): the care store is read-only, so nothing can be stored in it; "
            + "nothing was asked or changed. Make it writable again (chmod 600 '\(store)') or pass --store with another file\n"
        var later = regimen
        later.now = "2026-11-22T08:04:00Z"
        let run = try later.run(["run", "checkin", "--store", store], input: "4\n8\n")
        #expect(run.status == 1)
        #expect(run.stderr == expected)
        #expect(!run.stdout.contains("pain") && !run.stderr.contains("pain"), "no question was asked")
        let ingest = try later.run(["ingest", regimen.results.path, "--store", store])
        #expect(ingest.status == 1)
        #expect(ingest.stderr == expected)

        #expect(try Data(contentsOf: regimen.store) == before)
        #expect(try mode(regimen.store) == 0o400)
        let names = try FileManager.default.contentsOfDirectory(atPath: regimen.sandbox.path).filter {
            $0.hasPrefix("store.sqlite")
        }
        #expect(names == ["store.sqlite"], "no -wal or -shm was created beside it")
    }

    @Test("an empty or a text file at the store path: exit 65 naming the file, which is left as it was")
    func notAStore() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for (contents, what) in [(Data(), "is empty"), (Data("not a store\n".utf8), "is not a care store")] {
            #expect(FileManager.default.createFile(atPath: regimen.store.path, contents: contents))
            for arguments in [["--store", regimen.store.path], ["outcomes", "--store", regimen.store.path]] {
                let result = try regimen.run(arguments)
                #expect(result.status == 65)
                #expect(
                    result.stderr.hasPrefix("regimen: care store: \(regimen.store.path) \(what)"), "\(result.stderr)")
                #expect(result.stderr.contains("left exactly as it is"))
            }
            let run = try regimen.run(["run", "checkin", "--store", regimen.store.path], input: "4\n8\n")
            #expect(run.status == 65)
            #expect(!run.stderr.contains("pain"))
            #expect(try Data(contentsOf: regimen.store) == contents)
        }
    }

    @Test("changes --since an anchor this store never issued: exit 64 naming the newest anchor, not an empty list")
    func unknownAnchor() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        _ = try regimen.run(["run", "checkin", "--store", regimen.store.path], input: "4\n8\n")
        let known = try regimen.run(["changes", "--store", regimen.store.path, "--since", "1", "--format", "json"])
        #expect(known.status == 0, "stderr: \(known.stderr)")
        let unknown = try regimen.run(["changes", "--store", regimen.store.path, "--since", "5"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("--since 5: this store never issued that anchor (its newest is 1)"))
    }

    @Test("store failures carry SQLite's or the system's text only with --debug or REGIMEN_DEBUG=1")
    func debugDetail() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // A store path under a file: its folder cannot be created.
        #expect(
            FileManager.default.createFile(
                atPath: regimen.sandbox.appendingPathComponent("plain").path, contents: Data()))
        let path = regimen.sandbox.appendingPathComponent("plain/store.sqlite").path
        let plain = try regimen.run(["outcomes", "--store", path])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("the care store cannot be opened; nothing was changed"))
        #expect(!plain.stderr.contains("debug:"))
        for (arguments, environment) in [
            (["outcomes", "--debug", "--store", path], [:]), (["outcomes", "--store", path], ["REGIMEN_DEBUG": "1"]),
        ] {
            let debug = try regimen.run(arguments, environment: environment)
            #expect(debug.status == 1)
            #expect(debug.stderr.hasPrefix(plain.stderr.dropLast()), "the same message, then the detail")
            #expect(debug.stderr.contains("\n  debug: "), "\(debug.stderr)")
        }
    }
}
