import Foundation
import Testing

/// `regimen` / `regimen today` as a participant runs it: the exact feed, both ways into it, and no writes.
@Suite("End to end: the care feed", .serialized)
struct CareFeedTests {
    @Test("A new participant's first `regimen` lists today's tasks, all-day ones by title, then the timed check-in")
    func firstFeed() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let feed = try regimen.run([])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        #expect(feed.stdout == """
            Saturday 21 November 2026
              ○ Onboard                   due
              ○ Range Of Motion           due
              ○ Shoulder Range Of Motion  due
              ○ Check In                  due 08:00
              Adherence ○ 0%  (0 of 3 done)

            """)
    }

    @Test("Forms ArgumentParser reads (a repeated --date: the last wins) print what the quick way in prints")
    func bothWaysIn() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        _ = try regimen.run(["run", "checkin"], input: "4\n8\n")
        let quick = try regimen.run(["today", "--week", "--date", "2026-11-21"])
        let parsed = try regimen.run(["today", "--week", "--date", "2026-11-01", "--date=2026-11-21"])
        #expect(quick.status == 0 && parsed.status == 0, "stderr: \(quick.stderr) \(parsed.stderr)")
        #expect(quick.stdout == parsed.stdout)
        #expect(quick.stdout.contains("Sunday 15 November 2026"))
        #expect(quick.stdout.contains("done at 08:04   Pain 4 · Sleep 8 h"))
    }

    @Test("Showing the feed again leaves the store file exactly as it was")
    func readsWithoutWriting() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        _ = try regimen.run(["run", "checkin", "--store", regimen.store.path], input: "4\n8\n")
        _ = try regimen.run(["--store", regimen.store.path])
        let before = try Data(contentsOf: regimen.store)
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        #expect(try Data(contentsOf: regimen.store) == before)
    }

    @Test("A day that is not a date is a usage error, exit 64, on either way in")
    func badDay() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for arguments in [["--date", "2026-13-01"], ["today", "--date", "2026-02-01", "--date", "2026-13-01"]] {
            let feed = try regimen.run(arguments)
            #expect(feed.status == 64)
            #expect(feed.stderr == "regimen: '2026-13-01' is not a day: use YYYY-MM-DD, today or yesterday\n")
            #expect(feed.stdout.isEmpty)
        }
    }
}
