import Foundation
import Testing

/// Issue 11 items 1, 2, 3 and 6 through the built `regimen` with lines on a pipe: optional questions skipped, outputs
/// checked before the first question and recovered after, confirmations read from the pipe, hostile lines refused.
@Suite("End to end: what a participant types is never lost, and never stored raw", .serialized)
struct PipedParticipantTests {
    /// A copy of the shipped surveys where the tour is scheduled daily, so its outcomes are stored on an event.
    static func scheduledSurveys(in regimen: RegimenProcess) throws -> URL {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shipped = RegimenProcess.packageRoot.appendingPathComponent("surveys")
        for name in try FileManager.default.contentsOfDirectory(atPath: shipped.path) where name.hasSuffix(".yaml") {
            var text = try String(contentsOf: shipped.appendingPathComponent(name), encoding: .utf8)
            if name == "tour.yaml" {
                text = text.replacingOccurrences(
                    of: "impactsAdherence: false\n",
                    with: "impactsAdherence: false\nschedule:\n  - daily: { at: \"08:00\" }\n")
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The stored outcome rows of a task, as JSON objects.
    static func outcomes(_ regimen: RegimenProcess, surveys: URL, task: String) throws -> [[String: Any]] {
        let listed = try regimen.run([
            "outcomes", "--surveys", surveys.path, "--store", regimen.store.path, "--task", task, "--format", "json",
        ])
        #expect(listed.status == 0, "stderr: \(listed.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    /// Kind → value as text (booleans as true/false).
    static func values(_ rows: [[String: Any]]) -> [String: String] {
        Dictionary(
            rows.compactMap { row in
                guard let kind = row["kind"] as? String else { return nil }
                if row["type"] as? String == "boolean", let flag = row["value"] as? Bool { return (kind, String(flag)) }
                return (kind, "\(row["value"] ?? "")")
            }
        ) { first, _ in first }
    }

    // MARK: Item 1

    @Test(
        "tour: Enter at the optional walk question completes, stores what was answered, leaves the walk empty in the CSV"
    )
    func tourWalkLeftEmpty() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.scheduledSurveys(in: regimen)
        // intro, feeling great, walked: Enter, walk minutes: default, then every detail with Enter.
        let run = try regimen.run(
            ["run", "tour", "--surveys", surveys.path, "--store", regimen.store.path],
            input: "\ngreat\n" + String(repeating: "\n", count: 13))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let values = Self.values(try Self.outcomes(regimen, surveys: surveys, task: "tour"))
        #expect(values == ["tour.feeling": "great", "tour.effort": "4", "tour.walk.minutes": "1800.0"])
        let wide = try regimen.run([
            "outcomes", "--surveys", surveys.path, "--store", regimen.store.path, "--task", "tour",
            "--format", "csv", "--wide",
        ])
        let lines = wide.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("tour.effort,tour.walked,tour.walk.minutes,tour.feeling,tour.surgery") == true)
        #expect(lines.count == 2 && lines[1].hasSuffix(",4,,1800,great,"), "\(wide.stdout)")
    }

    @Test("tour: skip at the feeling, no trouble, no walk ends early (navigation rule) and stores only the walk")
    func tourEndsEarly() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.scheduledSurveys(in: regimen)
        let run = try regimen.run(
            ["run", "tour", "--surveys", surveys.path, "--store", regimen.store.path],
            input: "\nskip\nNothing in particular\nno\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(Self.values(try Self.outcomes(regimen, surveys: surveys, task: "tour")) == ["tour.walked": "false"])
    }

    @Test("tour: skip at the walk question, then the details skipped one by one, stores only what was answered")
    func tourSkips() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.scheduledSurveys(in: regimen)
        // intro, feeling okay, trouble: Enter, walked: skip, minutes: skip, effort 6, the rest skipped.
        let run = try regimen.run(
            ["run", "tour", "--surveys", surveys.path, "--store", regimen.store.path],
            input: "\nokay\n\nskip\nskip\n6\n" + String(repeating: "skip\n", count: 10))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(
            Self.values(try Self.outcomes(regimen, surveys: surveys, task: "tour")) == [
                "tour.feeling": "okay", "tour.effort": "6",
            ])
    }

    // MARK: Item 2

    @Test(
        "An unusable --results, --record or store path is reported before any question, and nothing is written",
        arguments: [
            (["--results", "plain/results"], "plain is not a folder"),
            (["--record", "gone/transcript.jsonl"], "gone does not exist"),
            (["--record", "."], "is a folder"),
            (["--store", "plain/store.sqlite"], "plain"),
        ])
    func outputsCheckedFirst(arguments extra: [String], reason: String) throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        try "not a folder".write(to: regimen.sandbox.appendingPathComponent("plain"), atomically: true, encoding: .utf8)
        var arguments = ["run", "checkin"]
        if !extra.contains("--results") { arguments += ["--results", regimen.results.path] }
        if !extra.contains("--store") { arguments += ["--store", regimen.store.path] }
        let run = try regimen.run(arguments + extra, input: "4\n8\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains(reason), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("How would you rate your pain"), "a question was asked: \(run.stderr)")
        #expect(regimen.resultFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: regimen.home.appendingPathComponent("recovered").path))
    }

    @Test(
        "The result folder turned into a file during the run: the answers go to an owner-only recovery file, and the printed ingest command stores them"
    )
    func recoveryWhenResultFolderGoes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let outside = regimen.sandbox.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let folder = outside.appendingPathComponent("results", isDirectory: true)
        let staged = try StagedRun(
            regimen, ["run", "checkin", "--results", folder.path, "--store", regimen.store.path])
        try staged.send("4\n")
        try staged.waitForError("Question 2 of 2")
        // The folder the results were going to is gone, and a file sits where it was: writing there must fail.
        try FileManager.default.removeItem(at: outside)
        try "in the way".write(to: outside, atomically: true, encoding: .utf8)
        try staged.send("8\n")
        let run = try staged.finish()
        #expect(run.status == 1, "stderr: \(run.stderr)")
        let recovered = regimen.home.appendingPathComponent("recovered", isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: recovered.path).filter { $0.hasSuffix(".json") }
        try #require(files.count == 1, "stderr: \(run.stderr)")
        let file = recovered.appendingPathComponent(files[0])
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: recovered.path)[.posixPermissions] as? Int == 0o700)
        #expect(run.stderr.contains("your answers are kept in \(file.path)"), "stderr: \(run.stderr)")
        let command = try #require(
            run.stderr.components(separatedBy: "to store them, run: ").last?
                .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(command.hasPrefix("regimen ingest \(file.path) --store \(regimen.store.path)"), "\(command)")
        // Nothing was stored by the run; the printed command stores it.
        let before = try regimen.run(["outcomes", "--store", regimen.store.path, "--format", "json"])
        #expect(before.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(before.stdout)")
        let words = command.split(separator: " ").map(String.init)
        let ingest = try regimen.run(Array(words.dropFirst()))
        #expect(ingest.status == 0, "stderr: \(ingest.stderr)")
        let rows = try Self.outcomes(
            regimen, surveys: RegimenProcess.packageRoot.appendingPathComponent("surveys"), task: "checkin")
        #expect(Self.values(rows) == ["checkin.form.pain": "4.0", "checkin.form.sleep": "8.0"])
    }

    @Test(
        "The store's folder removed during the run: nothing is stored into the lost file, the result file is named with the ingest command that stores it"
    )
    func storeFolderRemoved() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let storeFolder = regimen.sandbox.appendingPathComponent("care", isDirectory: true)
        let store = storeFolder.appendingPathComponent("store.sqlite")
        let staged = try StagedRun(
            regimen, ["run", "checkin", "--results", regimen.results.path, "--store", store.path])
        try staged.send("4\n")
        try staged.waitForError("Question 2 of 2")
        try FileManager.default.removeItem(at: storeFolder)
        try staged.send("8\n")
        let run = try staged.finish()
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("the care store file is gone"), "stderr: \(run.stderr)")
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        #expect(
            run.stderr.contains(
                "your answers are kept in \(files[0].path); to store them, run: regimen ingest \(files[0].path) --store \(store.path)"
            ),
            "stderr: \(run.stderr)")
        let ingest = try regimen.run(["ingest", files[0].path, "--store", store.path])
        #expect(ingest.status == 0, "stderr: \(ingest.stderr)")
        let listed = try regimen.run(["outcomes", "--store", store.path, "--format", "json"])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(Self.values(rows) == ["checkin.form.pain": "4.0", "checkin.form.sleep": "8.0"])
    }

    // MARK: Item 3

    @Test("Already done: the next piped line answers \"Replace it? [y/N]\" — y replaces, n and Enter change nothing")
    func confirmationFromThePipe() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let arguments = ["run", "checkin", "--results", regimen.results.path, "--store", regimen.store.path]
        #expect(try regimen.run(arguments, input: "4\n8\n").status == 0)
        for declined in ["n\n", "\n", "no\n4\n8\n"] {
            let run = try regimen.run(arguments, input: declined)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdout == "Nothing changed.\n")
            #expect(run.stderr.contains("Replace it? [y/N]"))
        }
        #expect(regimen.resultFiles().count == 1)
        let replaced = try regimen.run(arguments, input: "y\n5\n9\n")
        #expect(replaced.status == 0, "stderr: \(replaced.stderr)")
        #expect(replaced.stdout.contains("Stored Pain 5 · Sleep 9 h"))
        #expect(regimen.resultFiles().count == 2)
    }

    @Test("At the confirmation, quit abandons with exit 130 and input ending exits 65; neither writes anything")
    func confirmationAbandoned() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let arguments = ["run", "checkin", "--results", regimen.results.path, "--store", regimen.store.path]
        #expect(try regimen.run(arguments, input: "4\n8\n").status == 0)
        let quit = try regimen.run(arguments, input: "quit\n4\n8\n")
        #expect(quit.status == 130, "stderr: \(quit.stderr)")
        #expect(quit.stderr.contains("nothing was saved"))
        let ended = try regimen.run(arguments, input: "")
        #expect(ended.status == 65, "stderr: \(ended.stderr)")
        #expect(ended.stderr.contains("input ended before \"Replace it?\" was answered"))
        #expect(regimen.resultFiles().count == 1)
    }

    // MARK: Item 6

    @Test("A line with ESC or NUL is refused and re-asked; it is echoed in caret notation, never raw, never recorded")
    func controlCharacters() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let transcript = regimen.sandbox.appendingPathComponent("t.jsonl")
        let run = try regimen.run(
            [
                "run", "checkin", "--results", regimen.results.path, "--store", regimen.store.path, "--record",
                transcript.path,
            ],
            input: "4\u{1B}[2J\n\u{00}7\n4\n8\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("> 4^[[2J"))
        #expect(run.stderr.contains("control characters"))
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{00}"))
        let recorded = try String(contentsOf: transcript, encoding: .utf8)
        #expect(!recorded.contains("\\u001b") && !recorded.contains("\\u0000"), "\(recorded)")
        #expect(recorded.split(separator: "\n").count == 3)  // header, 4, 8
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let tree = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: files[0])) as? [String: Any])
        let answers = ((tree["results"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.map {
            $0["scaleAnswer"] as? Int
        }
        #expect(answers == [4, 8])
    }

    @Test("tour: the multi-line note takes two lines ended by an empty one; the study code shows its own message")
    func multiLineNoteAndPattern() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // intro, great, walked yes, minutes default, effort…steps, weight: Enter, note two lines + empty, code, rest.
        let input = "\ngreat\nyes\n\n\n\n\n\n\nKnee stiff\nbetter by noon\n\nabc\nABC-123\n\n\n\n\n"
        let run = try regimen.run(
            ["run", "tour", "--results", regimen.results.path, "--store", regimen.store.path], input: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("You can type several lines; press Enter on an empty line to finish."))
        #expect(run.stderr.contains("| better by noon"))
        #expect(
            run.stderr.components(separatedBy: "Use three capital letters, a dash and three digits, like ABC-123.")
                .count == 3)
        #expect(!run.stderr.contains("Enter any text"))
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let tree = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: files[0])) as? [String: Any])
        let details = try #require(
            (tree["results"] as? [[String: Any]])?.first { $0["identifier"] as? String == "tour.details" })
        let items = try #require(details["results"] as? [[String: Any]])
        #expect(
            items.first { $0["identifier"] as? String == "tour.details.note" }?["textAnswer"] as? String
                == "Knee stiff\nbetter by noon")
        #expect(
            items.first { $0["identifier"] as? String == "tour.details.code" }?["textAnswer"] as? String == "ABC-123")
    }
}

/// A `regimen` run fed line by line, for changes made on disk between two answers.
struct StagedRun {
    let process = Process()
    let input = Pipe()
    let outputFile: URL
    let errorFile: URL

    init(_ regimen: RegimenProcess, _ arguments: [String]) throws {
        process.executableURL = RegimenProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = regimen.sandbox
        process.environment = regimen.childEnvironment
        outputFile = regimen.sandbox.appendingPathComponent("staged-stdout-\(UUID().uuidString)")
        errorFile = regimen.sandbox.appendingPathComponent("staged-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    func send(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Waits (at most 20 s) until standard error shows `text`.
    func waitForError(_ text: String) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let shown = try? String(contentsOf: errorFile, encoding: .utf8), shown.contains(text) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("standard error never showed \(text)")
    }

    func finish() throws -> RegimenProcess.Outcome {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return RegimenProcess.Outcome(
            status: process.terminationStatus, stdout: try String(contentsOf: outputFile, encoding: .utf8),
            stderr: try String(contentsOf: errorFile, encoding: .utf8))
    }
}
