import Foundation
import Testing

/// `regimen` / `regimen today` as a participant runs it: the exact feed, both ways into it, and no writes.
@Suite("End to end: the care feed", .serialized)
struct CareFeedTests {
    @Test(
        "A new participant's first `regimen` lists today's tasks, all-day ones by title, then the timed check-in with its links"
    )
    func firstFeed() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let feed = try regimen.run([])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        #expect(
            feed.stdout == """
                Saturday 21 November 2026
                  ○ Onboard                   due
                  ○ Range Of Motion           due
                  ○ Shoulder Range Of Motion  due
                  · Track your nausea         not logged
                  ○ Check In                  due 08:00
                      ↗ Physical Therapist Appointment (phone): +14085550123
                      ↗ Book online (website): https://www.example.com/appointments
                  Adherence ○ 0%  (0 of 3 done)

                  ▸ Recovering after knee surgery — regimen read recovery

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
        #expect(quick.stdout.hasPrefix("Saturday 21 November 2026\n"), "the week starts at enrollment")
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

    @Test("A feed that wrote (a new store, the surveys synced) leaves no write-ahead log for every later start to read")
    func leavesNoLog() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let log = regimen.store.path + "-wal"
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        // SQLite would read a non-empty log whole at the next start (docs/store-file.md, "The write-ahead log").
        let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(size == 0, "the feed left \(size) bytes of write-ahead log")
        // What the feed wrote is in the store file itself: the next feed shows the same and has nothing to sync again.
        let before = try Data(contentsOf: regimen.store)
        let again = try regimen.run(["--store", regimen.store.path])
        #expect(again.stdout == feed.stdout)
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

    @Test(
        "A week after enrollment the range-of-motion task has two all-day events; its result is shown once and a second run asks before replacing it"
    )
    func oneOutcomeOncePerDay() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        _ = try regimen.run([])  // enrolls on Saturday 21 November
        regimen.now = "2026-11-28T09:00:00Z"
        let events = try regimen.run([
            "events", "rangeOfMotionCheck", "--from", "2026-11-28", "--to", "2026-11-28", "--format", "json",
        ])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]])
        #expect(
            rows.map { $0["occurrence"] as? Int } == [7, 8],
            "the daily element's last event and the weekly element's first")
        let run = try regimen.run(["run", "rangeOfMotionCheck"], input: "\n\n30\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let feed = try regimen.run([])
        let lines = feed.stdout.split(separator: "\n").filter {
            $0.contains(" Range Of Motion ") && !$0.contains("Shoulder")
        }
        #expect(lines.count == 1, "\(feed.stdout)")
        #expect(lines.first?.contains("✓") == true && lines.first?.contains("Range 60 degrees") == true)
        #expect(feed.stdout.contains("Adherence ◔ 33%  (1 of 3 done)"))
        // The slot counts as answered: the run asks "Replace it? [y/N]" first, and Enter declines.
        let again = try regimen.run(["run", "rangeOfMotionCheck"], input: "\n\n40\n")
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(again.stderr.contains("is already done"))
        #expect(again.stdout == "Nothing changed.\n")
        #expect(try regimen.run([]).stdout == feed.stdout)
    }

    @Test("`today --week` shows no days before enrollment; a week wholly before it says when the participant enrolled")
    func weekStartsAtEnrollment() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        _ = try regimen.run([])  // enrolls on Saturday 21 November
        regimen.now = "2026-11-23T09:00:00Z"
        let week = try regimen.run(["today", "--week"])
        #expect(week.status == 0, "stderr: \(week.stderr)")
        #expect(week.stdout.hasPrefix("Saturday 21 November 2026\n"))
        for before in ["Tuesday 17", "Wednesday 18", "Thursday 19", "Friday 20"] {
            #expect(!week.stdout.contains(before))
        }
        #expect(!week.stdout.contains("Nothing is scheduled"))
        #expect(week.stdout.contains("Monday 23 November 2026"))
        let earlier = try regimen.run(["today", "--week", "--date", "2026-11-14"])
        #expect(earlier.status == 0)
        #expect(earlier.stdout == "Nothing to show: you enrolled on Saturday 21 November 2026.\n")
    }
}
