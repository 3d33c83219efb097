import Foundation
import Testing

/// A run the system stopped mid-way (killed, out of memory, the power cut) loses nothing typed: its journal,
/// `in-progress-<task>-<event>.jsonl`, is kept by the next run of the task as an interruption keeps its lines
/// (docs/finish-later.md, "When the program is stopped"). A run writes the journal only at a terminal (the tmux script
/// kills one for real); these tests lay journals down as a stopped run leaves them and let piped runs pick them up.
@Suite("End to end: a stopped run's answers", .serialized)
struct StoppedRunTests {
    private static func folder(_ regimen: RegimenProcess) -> URL {
        regimen.home.appendingPathComponent("results/checkin", isDirectory: true)
    }

    private static func names(_ regimen: RegimenProcess) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(regimen).path)) ?? []).sorted()
    }

    private static func checkIn(_ regimen: RegimenProcess, _ input: String) throws -> RegimenProcess.Outcome {
        try regimen.run(["run", "checkin", "--store", regimen.store.path], input: input)
    }

    /// The journal a stopped run of today's check-in leaves after `answers` (pain, then sleep): a kept run's lines
    /// (its form is the journal's) moved to the journal's name. Returns the journal.
    @discardableResult
    private static func stoppedRun(_ regimen: RegimenProcess, typing answers: String) throws -> URL {
        let quit = try checkIn(regimen, answers + "quit\ny\n")
        #expect(quit.status == 0, "stderr: \(quit.stderr)")
        let kept = folder(regimen).appendingPathComponent("unfinished-checkin-20261121T080000Z.jsonl")
        let journal = folder(regimen).appendingPathComponent("in-progress-checkin-20261121T080000Z.jsonl")
        try FileManager.default.moveItem(at: kept, to: journal)
        return journal
    }

    private static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test("A stopped run's answers are kept and offered to resume; the result holds them and no journal is left")
    func stoppedRunResumes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        try Self.stoppedRun(regimen, typing: "5\n")
        let resumed = try Self.checkIn(regimen, "\n7\n")
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(
            resumed.stdout.contains(
                "Your Check In of Saturday 21 November 2026 was stopped before it finished; the answers typed were kept."
            ))
        #expect(resumed.stderr.contains("Resume where you left off? [Y/n]"))
        #expect(resumed.stdout.contains("Stored Pain 5 · Sleep 7 h"))
        #expect(
            Self.names(regimen).count == 1 && Self.names(regimen).allSatisfy { $0.hasSuffix(".json") },
            "\(Self.names(regimen))")
    }

    @Test("Declining to resume a stopped run keeps it until the new run finishes; the feed shows it in progress")
    func stoppedRunShownAndKept() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        try Self.stoppedRun(regimen, typing: "5\n")
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(
            feed.stdout.contains("in progress"),
            "the feed shows a stopped run before anything picks it up: \(feed.stdout)")
        let declined = try Self.checkIn(regimen, "n\n")  // input ends at the first question: nothing new is kept
        #expect(declined.status == 65)
        #expect(
            Self.names(regimen) == ["unfinished-checkin-20261121T080000Z.jsonl"], "the stopped run's lines are kept")
        let kept = try String(
            contentsOf: Self.folder(regimen).appendingPathComponent("unfinished-checkin-20261121T080000Z.jsonl"),
            encoding: .utf8)
        #expect(kept.contains("\"text\":\"5\""))
    }

    @Test("A line cut short by a power cut is dropped; the whole lines before it are kept")
    func cutLineDropped() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let journal = try Self.stoppedRun(regimen, typing: "5\n")
        try Self.append("{\"step\":\"checkin.form\",\"item\":\"checkin.form.sle", to: journal)
        let resumed = try Self.checkIn(regimen, "y\n8\n")
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stdout.contains("Stored Pain 5 · Sleep 8 h"))
    }

    @Test("A stopped run where only help was asked for is removed without a word, as an interruption keeps nothing")
    func helpOnlyRemoved() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let journal = try Self.stoppedRun(regimen, typing: "5\n")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        let helpOnly = [
            String(lines[0]), lines[1].replacingOccurrences(of: "\"text\":\"5\"", with: "\"text\":\"help\""),
        ]
        try (helpOnly.joined(separator: "\n") + "\n").write(to: journal, atomically: false, encoding: .utf8)
        let fresh = try Self.checkIn(regimen, "4\n6\n")
        #expect(fresh.status == 0, "stderr: \(fresh.stderr)")
        #expect(!fresh.stdout.contains("stopped before"))
        #expect(!fresh.stderr.contains("Resume where you left off"))
        #expect(fresh.stdout.contains("Stored Pain 4 · Sleep 6 h"))
        #expect(Self.names(regimen).allSatisfy { $0.hasSuffix(".json") }, "\(Self.names(regimen))")
    }

    @Test("A stopped run whose day has passed is discarded with a note")
    func closedRunDiscarded() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        try Self.stoppedRun(regimen, typing: "5\n")
        regimen.now = "2026-11-22T08:30:00Z"
        let next = try Self.checkIn(regimen, "3\n9\n")
        #expect(next.status == 0, "stderr: \(next.stderr)")
        #expect(
            next.stdout.contains(
                "Your unfinished Check In of Saturday 21 November 2026 was discarded: its time to finish ended."))
        #expect(!next.stderr.contains("Resume where you left off"))
        #expect(!Self.names(regimen).contains { $0.hasSuffix(".jsonl") }, "\(Self.names(regimen))")
    }

    @Test("A run stopped after its result was stored (before its journal was removed) is not offered again")
    func storedRunNotResurrected() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let journal = try Self.stoppedRun(regimen, typing: "5\n")
        let copy = regimen.sandbox.appendingPathComponent("journal-copy.jsonl")
        try FileManager.default.copyItem(at: journal, to: copy)
        regimen.now = "2026-11-21T08:30:00Z"
        let finished = try Self.checkIn(regimen, "y\n7\n")  // the stopped run is kept, resumed and stored
        #expect(finished.stdout.contains("Stored Pain 5 · Sleep 7 h"), "stderr: \(finished.stderr)")
        try FileManager.default.copyItem(at: copy, to: journal)  // as if killed just before removing its journal
        let next = try Self.checkIn(regimen, "n\n")
        #expect(next.stdout.contains("Nothing changed."), "stderr: \(next.stderr)")
        #expect(!next.stdout.contains("stopped before"))
        #expect(!next.stderr.contains("Resume where you left off"))
        #expect(!Self.names(regimen).contains { $0.hasSuffix(".jsonl") }, "\(Self.names(regimen))")
    }

    @Test("Two tasks sharing a results folder (--results) keep their runs apart, kept runs named before tasks were too")
    func sharedResultsFolder() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // A second daily task at 08:00, as the check-in: its events start at the same instant.
        let surveys = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: surveys, withIntermediateDirectories: true)
        let checkin = try String(
            contentsOf: RegimenProcess.packageRoot.appendingPathComponent("surveys/checkin.yaml"), encoding: .utf8)
        try checkin.write(to: surveys.appendingPathComponent("checkin.yaml"), atomically: true, encoding: .utf8)
        try checkin.replacingOccurrences(of: "\nid: checkin\n", with: "\nid: evening\n")
            .write(to: surveys.appendingPathComponent("evening.yaml"), atomically: true, encoding: .utf8)
        let shared = regimen.sandbox.appendingPathComponent("shared", isDirectory: true)
        func run(_ task: String, _ input: String) throws -> RegimenProcess.Outcome {
            try regimen.run(
                ["run", task, "--store", regimen.store.path, "--surveys", surveys.path, "--results", shared.path],
                input: input)
        }
        func names() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []).sorted()
        }

        #expect(try run("checkin", "5\nquit\ny\n").status == 0)
        #expect(names() == ["unfinished-checkin-20261121T080000Z.jsonl"])
        // As a build of before kept it: under the name without its task.
        try FileManager.default.moveItem(
            at: shared.appendingPathComponent("unfinished-checkin-20261121T080000Z.jsonl"),
            to: shared.appendingPathComponent("unfinished-20261121T080000Z.jsonl"))

        // The evening's run neither resumes nor sets aside the check-in's kept run, and keeps its own apart.
        let evening = try run("evening", "3\nquit\ny\n")
        #expect(evening.status == 0, "stderr: \(evening.stderr)")
        #expect(!evening.stderr.contains("Resume where you left off"), "the check-in's kept run is not the evening's")
        #expect(!evening.stdout.contains("another version"))
        #expect(names() == ["unfinished-20261121T080000Z.jsonl", "unfinished-evening-20261121T080000Z.jsonl"])

        // A stopped evening run's journal is the evening's business, not the check-in's.
        try FileManager.default.moveItem(
            at: shared.appendingPathComponent("unfinished-evening-20261121T080000Z.jsonl"),
            to: shared.appendingPathComponent("in-progress-evening-20261121T080000Z.jsonl"))
        // The check-in resumes its run of before and keeps it again, now under its own name.
        let kept = try run("checkin", "y\nquit\ny\n")
        #expect(kept.status == 0, "stderr: \(kept.stderr)")
        #expect(kept.stderr.contains("Resume where you left off"))
        #expect(!kept.stdout.contains("stopped before"), "the evening's journal is left to the evening")
        #expect(names() == ["in-progress-evening-20261121T080000Z.jsonl", "unfinished-checkin-20261121T080000Z.jsonl"])

        // The next day: each task's closed kept run is discarded by its own task's run only.
        var nextDay = regimen
        nextDay.now = "2026-11-22T08:30:00Z"
        let checkinNext = try nextDay.run(
            ["run", "checkin", "--store", regimen.store.path, "--surveys", surveys.path, "--results", shared.path],
            input: "4\n6\n")
        #expect(checkinNext.status == 0, "stderr: \(checkinNext.stderr)")
        #expect(checkinNext.stdout.contains("Your unfinished Check In of Saturday 21 November 2026 was discarded"))
        #expect(names().filter { $0.hasSuffix(".jsonl") } == ["in-progress-evening-20261121T080000Z.jsonl"])
        let eveningNext = try nextDay.run(
            ["run", "evening", "--store", regimen.store.path, "--surveys", surveys.path, "--results", shared.path],
            input: "2\n9\n")
        #expect(eveningNext.status == 0, "stderr: \(eveningNext.stderr)")
        #expect(eveningNext.stdout.contains("was discarded: its time to finish ended"))
        #expect(!names().contains { $0.hasSuffix(".jsonl") }, "\(names())")
    }

    @Test("A journal that cannot be read is moved to recovered, never replayed, and a new run starts")
    func unreadableSetAside() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let journal = try Self.stoppedRun(regimen, typing: "5\n")
        try "{\"format\":\"regimen-transcript\",\"version\":99}\n".write(
            to: journal, atomically: false, encoding: .utf8)
        let fresh = try Self.checkIn(regimen, "4\n6\n")
        #expect(fresh.status == 0, "stderr: \(fresh.stderr)")
        #expect(
            fresh.stdout.contains(
                "in-progress-checkin-20261121T080000Z.jsonl line 1: transcript version 99 is not supported"),
            "\(fresh.stdout)")
        #expect(fresh.stdout.contains("it was moved to"))
        let recovered = try FileManager.default.contentsOfDirectory(
            atPath: regimen.home.appendingPathComponent("recovered").path)
        #expect(recovered.count == 1 && recovered[0].hasPrefix("in-progress-checkin-20261121T080000Z-"), "\(recovered)")
        #expect(fresh.stdout.contains("Stored Pain 4 · Sleep 6 h"))
    }

    @Test(
        "A run being answered in another process is left alone: its event's run refuses with exit 75, another event's run goes on, and once that process dies its answers are kept"
    )
    func heldJournal() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let journal = try Self.stoppedRun(regimen, typing: "5\n")
        // One process holds the file as a running `regimen run` holds its journal: a shell locks it with flock(1)
        // and becomes `sleep`, keeping the locked descriptor, so that killing it lets the lock go.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "exec 9<\"$1\" && flock 9 && exec sleep 60", "holder", journal.path]
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        var held = false
        for _ in 0..<100 where !held {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            probe.arguments = ["--nonblock", journal.path, "true"]
            try probe.run()
            probe.waitUntilExit()
            held = probe.terminationStatus != 0
            if !held { Thread.sleep(forTimeInterval: 0.05) }
        }
        try #require(held, "flock(1) took the journal")
        let refused = try Self.checkIn(regimen, "4\n6\n")
        #expect(refused.status == 75, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("Check In is being answered in another terminal right now"))
        #expect(
            refused.stderr.contains("(\(journal.path) is held by a running regimen)"),
            "no process id in a journal without one")
        #expect(!refused.stderr.contains("Question 1"), "nothing is asked")
        #expect(Self.names(regimen) == ["in-progress-checkin-20261121T080000Z.jsonl"], "the held journal is untouched")

        // the next day's event: the other run's journal is not this run's business
        regimen.now = "2026-11-22T08:30:00Z"
        let nextDay = try Self.checkIn(regimen, "3\n9\n")
        #expect(nextDay.status == 0, "stderr: \(nextDay.stderr)")
        #expect(Self.names(regimen).contains("in-progress-checkin-20261121T080000Z.jsonl"))

        kill(holder.processIdentifier, SIGKILL)  // the other process dies: its journal is now a stopped run's
        holder.waitUntilExit()
        regimen.now = "2026-11-21T09:00:00Z"
        let picked = try Self.checkIn(regimen, "y\n7\n")
        #expect(picked.status == 0, "stderr: \(picked.stderr)")
        #expect(picked.stdout.contains("Stored Pain 5 · Sleep 7 h"))
    }
}
