import Foundation
import Testing

/// Issue 19, "Finish later", from piped lines: `quit` keeps the answers so far, the next run for the same event resumes
/// them (with `back` reaching them), and the result is the one an uninterrupted run writes (docs/finish-later.md).
@Suite("End to end: finish a run later", .serialized)
struct PipedFinishLaterTests {
    /// The default results folder of the check-in, where kept runs and results go and the feed looks.
    private static func folder(_ regimen: RegimenProcess) -> URL {
        regimen.home.appendingPathComponent("results/checkin", isDirectory: true)
    }

    private static func files(_ regimen: RegimenProcess, suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(regimen).path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder(regimen).appendingPathComponent($0) }
    }

    private static func kept(_ regimen: RegimenProcess) -> [URL] { files(regimen, suffix: ".jsonl") }
    private static func results(_ regimen: RegimenProcess) -> [URL] { files(regimen, suffix: ".json") }

    private static func checkIn(_ regimen: RegimenProcess, _ input: String, _ extra: [String] = []) throws
        -> RegimenProcess.Outcome
    {
        try regimen.run(["run", "checkin", "--store", regimen.store.path] + extra, input: input)
    }

    /// The step results of a result file: identifier and each question's scale answer.
    private static func answers(_ url: URL) throws -> (start: String?, steps: [String], scale: [Int]) {
        let task = try PipedCheckInTests.json(url)
        let steps = try #require(task["results"] as? [[String: Any]])
        let questions = steps.flatMap { $0["results"] as? [[String: Any]] ?? [] }
        return (
            task["startDate"] as? String, steps.compactMap { $0["identifier"] as? String },
            questions.compactMap { $0["scaleAnswer"] as? Int }
        )
    }

    @Test("quit then y keeps the typed lines owner-only, exits 0, and the feed shows the check-in in progress")
    func quitKeeps() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let quit = try Self.checkIn(regimen, "5\nquit\ny\n")
        #expect(quit.status == 0, "stderr: \(quit.stderr)")
        #expect(quit.stdout.contains("Your answers so far are kept"))
        #expect(quit.stdout.contains("until Saturday 21 November 2026 23:59"))
        let kept = Self.kept(regimen)
        #expect(kept.map(\.lastPathComponent) == ["unfinished-checkin-20261121T080000Z.jsonl"])
        #expect(Self.results(regimen).isEmpty)
        let mode =
            try FileManager.default.attributesOfItem(atPath: try #require(kept.first).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let lines = try String(contentsOf: try #require(kept.first), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "the header and the one answer typed; the quit is not kept")
        #expect(lines.last?.contains("\"text\":\"5\"") == true)
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(feed.stdout.contains("◐ Check In"), "feed: \(feed.stdout)")
        #expect(feed.stdout.contains("in progress"))
    }

    @Test(
        "help at a question says what quit does in this run, and it does: today's event keeps the answers; yesterday's, past finishing, keeps nothing"
    )
    func helpSaysWhatQuitDoes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let today = try Self.checkIn(regimen, "5\nhelp\nquit\ny\n")
        #expect(today.status == 0, "stderr: \(today.stderr)")
        #expect(
            today.stderr.contains(
                "quit  stop now; once something is answered, asks whether to keep the answers to finish later"))
        #expect(today.stderr.contains("Ctrl-C and Ctrl-D stop too, keeping the answers so far for the next run."))
        #expect(today.stderr.contains("Keep your answers so far to finish later? [y/N]"))
        #expect(Self.kept(regimen).count == 1)

        // Enrolled the day before, yesterday's check-in is answered after its day ended: it cannot be kept.
        var earlier = try RegimenProcess()
        defer { earlier.cleanUp() }
        earlier.now = "2026-11-20T08:00:00Z"
        #expect(try earlier.run(["--store", earlier.store.path]).status == 0)
        earlier.now = "2026-11-21T08:00:00Z"
        let yesterday = try Self.checkIn(earlier, "5\nhelp\nquit\ny\n", ["--date", "2026-11-20"])
        #expect(yesterday.status == 130, "stderr: \(yesterday.stderr)")
        #expect(yesterday.stderr.contains("quit  stop now without saving anything"))
        #expect(yesterday.stderr.contains("Ctrl-C and Ctrl-D stop without saving anything."))
        #expect(!yesterday.stderr.contains("Keep your answers"))
        #expect(yesterday.stderr.contains("nothing was saved"))
        #expect(Self.kept(earlier).isEmpty)
    }

    @Test(
        "SIGTERM while a piped run waits keeps the answers typed so far (exit 130, saying so); the next run resumes them"
    )
    func terminationKeeps() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try StagedRun(regimen, ["run", "checkin", "--store", regimen.store.path])
        try run.send("5\n")  // the pipe stays open: the run waits at the sleep question
        try run.waitForError("Question 2 of 2")
        run.process.terminate()  // SIGTERM
        run.process.waitUntilExit()
        try? run.input.fileHandleForWriting.close()
        let process = run.process
        let stderr = try String(contentsOf: run.errorFile, encoding: .utf8)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130, "stderr: \(stderr)")
        #expect(stderr.contains("Check In: interrupted. Your answers so far are kept."))
        let kept = try String(contentsOf: try #require(Self.kept(regimen).first), encoding: .utf8)
        #expect(kept.contains("\"text\":\"5\""))
        #expect(Self.results(regimen).isEmpty)
        let resumed = try Self.checkIn(regimen, "y\n8\n")
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stdout.contains("Stored Pain 5 · Sleep 8 h"))
        #expect(Self.kept(regimen).isEmpty)
    }

    @Test("The next run resumes at the unanswered question; the result has the first run's start and one step result")
    func resumeFinishes() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        let kept = try String(contentsOf: try #require(Self.kept(regimen).first), encoding: .utf8)
        regimen.now = "2026-11-21T09:30:00Z"
        let resumed = try Self.checkIn(regimen, "\n7\n")  // Enter accepts "Resume where you left off? [Y/n]"
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stderr.contains("You started Check In at 08:04 and kept your answers to finish later."))
        #expect(resumed.stderr.contains("Resume where you left off? [Y/n]"))
        #expect(resumed.stdout.contains("Stored Pain 5 · Sleep 7 h"))
        let result = try Self.answers(try #require(Self.results(regimen).first))
        #expect(result.start == "2026-11-21T08:04:00+0000")
        #expect(result.steps == ["checkin.form"])
        #expect(result.scale == [5, 7])
        #expect(
            kept.contains(
                try #require(Self.results(regimen).first).lastPathComponent.split(separator: "-")[3].prefix(8)),
            "the result carries the kept run's task run UUID")
        #expect(Self.kept(regimen).isEmpty, "a finished run removes what was kept")
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(feed.stdout.contains("done at 09:30"))
    }

    @Test("back after resuming reaches the kept answer, which can be kept or changed")
    func backIntoKeptAnswers() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        regimen.now = "2026-11-21T10:00:00Z"
        let resumed = try Self.checkIn(regimen, "y\nback\n6\n8\n")
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stderr.contains("Earlier answer: 5"))
        #expect(try Self.answers(try #require(Self.results(regimen).first)).scale == [6, 8])
    }

    @Test("A resumed run recorded with --record replays into a byte-identical result")
    func resumedTranscriptReplays() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        regimen.now = "2026-11-21T09:30:00Z"
        let transcript = regimen.sandbox.appendingPathComponent("resumed.jsonl")
        #expect(try Self.checkIn(regimen, "\nback\n\n7\n", ["--record", transcript.path]).status == 0)
        let replay = try regimen.run(
            [
                "replay", "checkin", transcript.path, "--results", regimen.results.path, "--store",
                regimen.sandbox.appendingPathComponent("other.sqlite").path,
            ])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        let original = try Data(contentsOf: try #require(Self.results(regimen).first))
        let replayed = try Data(contentsOf: try #require(regimen.resultFiles().first))
        #expect(original == replayed)
    }

    @Test("n, an empty line, or input ending at the keep question keeps nothing; quit before any answer does not ask")
    func declinesKeepNothing() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for input in ["5\nquit\nn\n", "5\nquit\n\n", "5\nquit\n"] {
            let run = try Self.checkIn(regimen, input)
            #expect(run.status == 130, "input \(input.debugDescription): \(run.stderr)")
            #expect(run.stderr.contains("Keep your answers so far to finish later? [y/N]"))
            #expect(run.stderr.contains("quit; nothing was saved"))
            #expect(Self.kept(regimen).isEmpty)
        }
        let first = try Self.checkIn(regimen, "quit\n")
        #expect(first.status == 130)
        #expect(!first.stderr.contains("Keep your answers"))
        let ended = try Self.checkIn(regimen, "5\n")
        #expect(ended.status == 65, "input ending at a question (Ctrl-D) abandons without keeping")
        #expect(Self.kept(regimen).isEmpty)
        #expect(Self.results(regimen).isEmpty)
    }

    @Test("Abandoning a resumed run leaves the earlier kept run as it was")
    func abandonedResumeKeepsEarlier() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        let url = try #require(Self.kept(regimen).first)
        let before = try Data(contentsOf: url)
        let quit = try Self.checkIn(regimen, "y\nback\n9\nquit\nn\n")
        #expect(quit.status == 130)
        #expect(quit.stderr.contains("the answers kept earlier are still kept"))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test("Declining to resume starts afresh; once that run finishes the kept run is gone")
    func declineResume() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        let fresh = try Self.checkIn(regimen, "n\n3\n4\n")
        #expect(fresh.status == 0, "stderr: \(fresh.stderr)")
        #expect(try Self.answers(try #require(Self.results(regimen).first)).scale == [3, 4])
        #expect(Self.kept(regimen).isEmpty)
    }

    @Test("Quitting again after resuming keeps every line, old and new, for the next run")
    func quitTwice() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // Keep after the pain; resume, go back and change it, keep again; then finish with the sleep.
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        regimen.now = "2026-11-21T12:00:00Z"
        let again = try Self.checkIn(regimen, "y\nback\n6\nquit\ny\n")
        #expect(again.status == 0, "stderr: \(again.stderr)")
        let lines = try String(contentsOf: try #require(Self.kept(regimen).first), encoding: .utf8).split(
            separator: "\n")
        #expect(lines.count == 4, "header, 5, back, 6")
        regimen.now = "2026-11-21T13:00:00Z"
        #expect(try Self.checkIn(regimen, "\n2\n").status == 0)
        #expect(try Self.answers(try #require(Self.results(regimen).first)).scale == [6, 2])
    }

    @Test("A kept run whose day has passed is discarded with a note, and the new day's run starts afresh")
    func windowClosed() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        #expect(try Self.checkIn(regimen, "5\nquit\ny\n").status == 0)
        regimen.now = "2026-11-22T08:30:00Z"
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(!feed.stdout.contains("in progress"), "yesterday's kept run is not today's")
        let next = try Self.checkIn(regimen, "3\n4\n")
        #expect(next.status == 0, "stderr: \(next.stderr)")
        #expect(next.stdout.contains("Your unfinished Check In of Saturday 21 November 2026 was discarded"))
        #expect(!next.stderr.contains("Resume"))
        #expect(Self.kept(regimen).isEmpty)
        #expect(try Self.answers(try #require(Self.results(regimen).first)).scale == [3, 4])
    }

    @Test("A kept run typed against another version of the survey is moved to recovered, not replayed")
    func surveyChanged() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.copyItem(at: RegimenProcess.packageRoot.appendingPathComponent("surveys"), to: surveys)
        let environment = ["REGIMEN_SURVEYS": surveys.path]
        #expect(
            try regimen.run(
                ["run", "checkin", "--store", regimen.store.path], input: "5\nquit\ny\n", environment: environment
            ).status == 0)
        let file = surveys.appendingPathComponent("checkin.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "Please answer the following questions.", with: "Please answer these.")
            .write(to: file, atomically: true, encoding: .utf8)
        let next = try regimen.run(
            ["run", "checkin", "--store", regimen.store.path], input: "3\n4\n", environment: environment)
        #expect(next.status == 0, "stderr: \(next.stderr)")
        #expect(next.stdout.contains("was typed against another version of the survey"))
        let recovered = try FileManager.default.contentsOfDirectory(
            atPath: regimen.home.appendingPathComponent("recovered").path)
        #expect(recovered.count == 1)
        #expect(recovered.first?.hasPrefix("unfinished-checkin-20261121T080000Z-") == true)
        #expect(Self.kept(regimen).isEmpty)
    }

    @Test("replay of plain lines keeps at quit as the prompt does; a transcript never answers the keep question")
    func replayQuit() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let lines = regimen.sandbox.appendingPathComponent("answers.txt")
        try "5\nquit\ny\n".write(to: lines, atomically: true, encoding: .utf8)
        let replay = try regimen.run(["replay", "checkin", lines.path, "--store", regimen.store.path])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        #expect(Self.kept(regimen).count == 1)
        let resumed = try Self.checkIn(regimen, "\n7\n")
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(try Self.answers(try #require(Self.results(regimen).first)).scale == [5, 7])

        // A transcript of a run that quit: the keep question finds no line in it, so nothing is kept.
        let recorded = regimen.sandbox.appendingPathComponent("recorded.jsonl")
        #expect(
            try Self.checkIn(regimen, "5\n7\n", ["--date", "2026-11-21", "--replace", "--record", recorded.path]).status
                == 0)
        var recordedLines = try String(contentsOf: recorded, encoding: .utf8).split(separator: "\n").map(String.init)
        recordedLines[2] = recordedLines[2].replacingOccurrences(of: "\"text\":\"7\"", with: "\"text\":\"quit\"")
        try (recordedLines.joined(separator: "\n") + "\n").write(to: recorded, atomically: true, encoding: .utf8)
        let quitting = try regimen.run(["replay", "checkin", recorded.path, "--store", regimen.store.path, "--replace"])
        #expect(quitting.status == 130, "stderr: \(quitting.stderr)")
        #expect(Self.kept(regimen).isEmpty)
    }

    @Test("tour: kept after three steps and resumed in another process, it stores what one sitting stores")
    func tourAcrossProcesses() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try PipedParticipantTests.scheduledSurveys(in: regimen)
        let tour = ["run", "tour", "--surveys", surveys.path, "--store", regimen.store.path]
        // The same answers as PipedParticipantTests.tourSkips, quit and kept after the trouble question.
        let first = try regimen.run(tour, input: "\nokay\n\nquit\ny\n")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        regimen.now = "2026-11-21T11:00:00Z"
        let second = try regimen.run(tour, input: "\nskip\nskip\n6\n" + String(repeating: "skip\n", count: 10))
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stderr.contains("tour.walked") || second.stderr.contains("walk"), "resumed at the walk question")
        let values = PipedParticipantTests.values(
            try PipedParticipantTests.outcomes(regimen, surveys: surveys, task: "tour"))
        #expect(values == ["tour.feeling": "okay", "tour.effort": "6"])
    }

    @Test(
        "When the results folder is gone by the time y is typed, the answers go to the recovery folder and the error says where"
    )
    func keepFallsBackToRecovery() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let results = regimen.sandbox.appendingPathComponent("checkin-results")
        let process = Process()
        process.executableURL = RegimenProcess.executable
        process.arguments = ["run", "checkin", "--store", regimen.store.path, "--results", results.path]
        var environment = ProcessInfo.processInfo.environment
        environment["REGIMEN_HOME"] = regimen.home.path
        environment["REGIMEN_NOW"] = regimen.now
        environment["REGIMEN_SURVEYS"] = RegimenProcess.packageRoot.appendingPathComponent("surveys").path
        environment["TZ"] = "UTC"
        process.environment = environment
        let errors = regimen.sandbox.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        input.fileHandleForWriting.write(Data("5\nquit\n".utf8))
        // Wait for the keep question, then put a plain file where the results folder was.
        let deadline = Date().addingTimeInterval(20)
        while !((try? String(contentsOf: errors, encoding: .utf8))?.contains("Keep your answers") ?? false),
            Date() < deadline
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
        try? FileManager.default.removeItem(at: results)
        try Data("not a folder".utf8).write(to: results)
        input.fileHandleForWriting.write(Data("y\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationStatus == 1, "stderr: \(stderr)")
        let recovered = regimen.home.appendingPathComponent("recovered/unfinished-checkin-20261121T080000Z.jsonl")
        #expect(stderr.contains(recovered.path))
        let kept = try String(contentsOf: recovered, encoding: .utf8)
        #expect(kept.contains("\"text\":\"5\""))
        #expect(!stderr.contains("\"5\""), "answers never appear in messages")
    }
}
