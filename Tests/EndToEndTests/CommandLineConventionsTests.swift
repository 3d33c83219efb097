import Foundation
import Testing

/// The conventions a command-line user expects, through the built binary and both ways into it (the care feed's quick
/// reader and ArgumentParser): `--version`, a suggestion for a mistyped command, `help UNKNOWN` as a usage error,
/// NO_COLOR and TERM=dumb as no-color.org says, counts that agree with their nouns, and symbolic link loops under an
/// ingested folder reported (docs/command-line-conventions.md).
@Suite("End to end: command-line conventions", .serialized)
struct CommandLineConventionsTests {
    @Test("--version prints the version alone and exits 0, before or after the care feed's options")
    func version() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for arguments in [
            ["--version"], ["today", "--version"], ["--week", "--version"], ["run", "checkin", "--version"],
        ] {
            let run = try regimen.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "\(arguments): \(run.stdout)")
            #expect(run.stderr.isEmpty)
        }
        #expect(try regimen.run(["--version"]).stdout == regimen.run(["today", "--version"]).stdout)
    }

    @Test("A mistyped command is a usage error (64) naming the nearest command, whatever follows it")
    func unknownCommand() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let cases: [([String], String)] = [
            (["tody"], "unknown command 'tody' (did you mean 'today'?); 'regimen help' lists the commands"),
            (["tody", "--week"], "unknown command 'tody' (did you mean 'today'?); 'regimen help' lists the commands"),
            (
                ["valdate", "surveys"],
                "unknown command 'valdate' (did you mean 'validate'?); 'regimen help' lists the commands"
            ),
            (
                ["result", "shw", "x.json"],
                "unknown command 'result shw' (did you mean 'result show'?); 'regimen help result' lists the commands"
            ),
            (["xyzzy"], "unknown command 'xyzzy'; 'regimen help' lists the commands"),
            (["help", "tody"], "unknown command 'tody' (did you mean 'today'?); 'regimen help' lists the commands"),
            (["help", "run", "extra"], "unknown command 'run extra'; 'regimen help' lists the commands"),
        ]
        for (arguments, message) in cases {
            let run = try regimen.run(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr == "regimen: \(message)\n", "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test("help, help of a command and of a nested command still print help and exit 0")
    func knownHelp() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for (arguments, usage) in [
            (["help"], "USAGE: regimen <subcommand>"), (["help", "run"], "USAGE: regimen run <task>"),
            (["help", "result", "show"], "USAGE: regimen result show <file>"),
        ] {
            let run = try regimen.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains(usage), "\(arguments): \(run.stdout)")
        }
    }

    /// The environment of a participant's terminal session: no NO_COLOR unless `extra` sets one.
    private func terminalEnvironment(_ regimen: RegimenProcess, _ extra: [String: String]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin", "REGIMEN_HOME": regimen.home.path, "REGIMEN_NOW": regimen.now, "TZ": "UTC",
            "REGIMEN_SURVEYS": RegimenProcess.packageRoot.appendingPathComponent("surveys").path, "TERM": "xterm",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    @Test(
        "On a terminal, an empty NO_COLOR keeps color; NO_COLOR=1 and TERM=dumb remove every escape sequence",
        arguments: [
            ([:], true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["TERM": "dumb"], false),
            (["TERM": "dumb", "NO_COLOR": ""], false),
        ])
    func color(extra: [String: String], colored: Bool) throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let environment = terminalEnvironment(regimen, extra)
        // The care feed on standard output, and a piped check-in's prompts on standard error (the runner's own choice).
        let feed = try PseudoTerminalRun.run([], in: regimen.sandbox, environment: environment)
        #expect(feed.status == 0, "\(feed.terminal)")
        #expect(feed.terminal.contains("Saturday 21 November 2026"))
        #expect(feed.terminal.contains("\u{1B}[") == colored, "feed with \(extra): \(feed.terminal.debugDescription)")
        let checkIn = try PseudoTerminalRun.run(
            ["run", "checkin", "--results", regimen.results.path], input: "4\n8\n", in: regimen.sandbox,
            environment: environment)
        #expect(checkIn.status == 0, "\(checkIn.terminal)")
        #expect(checkIn.terminal.contains("Check In"))
        #expect(
            checkIn.terminal.contains("\u{1B}[") == colored,
            "check-in with \(extra): \(checkIn.terminal.debugDescription)")
    }

    @Test("Counts agree with their nouns: 1 survey, 1 file was rejected, 2 of 3 files were rejected")
    func counts() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let one = try sandbox.folder("one")
        try Data(
            IngestSandbox.checkIn(run: IngestSandbox.runUUID(1), end: "2024-03-01T09:00:00+0000", task: "nosuchtask")
                .utf8
        )
        .write(to: one.appendingPathComponent("a.json"))
        let single = try sandbox.run(["ingest", one.path, "--store", sandbox.store])
        #expect(single.status == 65)
        #expect(single.stderr.hasSuffix("regimen: 1 of 1 file was rejected\n"), "\(single.stderr)")

        let three = try sandbox.folder("three")
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(2), end: "2024-03-01T09:00:00+0000").utf8)
            .write(to: three.appendingPathComponent("good.json"))
        try Data("{}".utf8).write(to: three.appendingPathComponent("bad1.json"))
        try Data("not json".utf8).write(to: three.appendingPathComponent("bad2.json"))
        let mixed = try sandbox.run(["ingest", three.path, "--store", sandbox.store])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.hasSuffix("regimen: 2 of 3 files were rejected\n"), "\(mixed.stderr)")

        let surveys = try sandbox.folder("surveys")
        try Data("id: only\ntitle: Only\nsteps: [{ instruction: hello }]\n".utf8).write(
            to: surveys.appendingPathComponent("only.yaml"))
        let validate = try sandbox.run(["validate", surveys.path])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(
            validate.stdout
                == "\(surveys.path) (from --surveys): 1 survey, no problems\n  only.yaml: task only \"Only\", 1 step, no outcomes\n"
        )
    }

    @Test("Symbolic link loops under an ingested folder are rejected by name; the files beside them are stored once")
    func symlinkLoops() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("results")
        let nested = try sandbox.folder("results/nested")
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(3), end: "2024-03-01T09:00:00+0000").utf8)
            .write(to: nested.appendingPathComponent("checkin.json"))
        // A link back to the walked folder, and a link that leads only to itself.
        try FileManager.default.createSymbolicLink(
            atPath: nested.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("self.json").path, withDestinationPath: "self.json")
        let run = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(
            run.stdout == """
                ingested 1, unchanged 0, replaced 0, superseded 0, rejected 2
                rejected:
                  \(nested.path)/up: symbolic link loop: leads back to \(folder.path); not followed
                  \(folder.path)/self.json: symbolic link loop: too many levels of symbolic links

                """)
        #expect(run.stderr.hasSuffix("regimen: 2 of 3 files were rejected\n"), "\(run.stderr)")
    }

    @Test(
        "A folder or .json file whose name is not UTF-8 is rejected by name, never silently skipped; the others are stored"
    )
    func nonUTF8Names() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("results")
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(4), end: "2024-03-01T09:00:00+0000").utf8)
            .write(to: folder.appendingPathComponent("good.json"))
        // Names with a byte that is not UTF-8, made with the raw bytes (Foundation's paths are strings).
        func raw(_ head: String, _ byte: UInt8, _ tail: String) -> [CChar] {
            (Array(folder.path.utf8) + [UInt8(ascii: "/")] + Array(head.utf8) + [byte] + Array(tail.utf8) + [0])
                .map { CChar(bitPattern: $0) }
        }
        let file = open(raw("n", 0xFF, "me.json"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(file >= 0)
        close(file)
        #expect(mkdir(raw("d", 0xFE, "ir"), 0o700) == 0)
        let run = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(
            run.stdout == """
                ingested 1, unchanged 0, replaced 0, superseded 0, rejected 2
                rejected:
                  \(folder.path)/d\u{FFFD}ir: the name is not valid UTF-8; rename it to ingest it
                  \(folder.path)/n\u{FFFD}me.json: the name is not valid UTF-8; rename it to ingest it

                """)
    }
}
