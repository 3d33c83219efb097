import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Survey folders made to hang or exhaust a reader, given to every command that reads surveys, each as a separate
/// process with a deadline and a memory cap: each ends within a second of processor time (and a few seconds of wall
/// time, which other processes on a busy machine stretch), in bounded memory, with exit 65 and a message naming the
/// file, the place and the problem (docs/survey-file-limits.md). Before the limits, the bomb ran until killed.
@Suite("End to end: hostile survey files", .serialized)
struct HostileSurveyFileTests {
    /// The 342-byte "billion laughs": nine levels of nine aliases, 9⁹ (387 million) strings once expanded.
    static let aliasBomb = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]

        """

    /// Peak resident memory a refused survey folder may cost: the debug binary's own start-up is about 35 MiB.
    static let memoryCeilingKiB = 150 * 1024

    /// The shipped surveys copied into `folder`, plus `extra` files.
    private func surveyFolder(_ regimen: RegimenProcess, _ extra: [String: String]) throws -> URL {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.copyItem(at: RegimenProcess.packageRoot.appendingPathComponent("surveys"), to: folder)
        for (name, text) in extra { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    private func environment(_ regimen: RegimenProcess, surveys: URL) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "REGIMEN_HOME": regimen.home.path, "REGIMEN_NOW": regimen.now,
            "REGIMEN_SURVEYS": surveys.path, "TZ": "UTC", "NO_COLOR": "1",
        ]
    }

    /// Every command that reads the survey folder, in both ways into the care feed.
    private func commands(_ regimen: RegimenProcess, surveys: URL) throws -> [[String]] {
        let result = regimen.sandbox.appendingPathComponent("result.json")
        try Data("{}".utf8).write(to: result)
        return [
            ["validate", surveys.path], [], ["today", "--week"], ["run", "checkin"], ["ingest", result.path],
            ["events", "checkin"], ["outcomes"],
        ]
    }

    @Test("The alias bomb: every command refuses it at its first alias within a second and in bounded memory, exit 65")
    func aliasBomb() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try surveyFolder(regimen, ["bomb.yaml": Self.aliasBomb])
        for arguments in try commands(regimen, surveys: surveys) {
            let run = try BoundedRun.run(
                arguments, in: regimen.sandbox, environment: environment(regimen, surveys: surveys))
            #expect(run.status == 65, "\(arguments): status \(String(describing: run.status)), stderr: \(run.stderr)")
            #expect(run.cpuSeconds < 1, "\(arguments) used \(run.cpuSeconds) s of processor time")
            #expect(run.seconds < 5, "\(arguments) took \(run.seconds) s")
            #expect(run.peakKiB < Self.memoryCeilingKiB, "\(arguments) peaked at \(run.peakKiB) KiB")
            #expect(
                run.stderr == """
                    regimen: 1 problem in survey folder \(surveys.path)
                    surveys/bomb.yaml: YAML aliases are not supported (*a at line 2, column 8): write the value out

                    """, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test("A link to /dev/zero, a named pipe, a 64 MiB file and 100,000 levels of nesting are each named, not read")
    func unreadableShapes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try surveyFolder(regimen, ["deep.json": String(repeating: "[", count: 100_000)])
        try FileManager.default.createSymbolicLink(
            atPath: surveys.appendingPathComponent("zero.yaml").path, withDestinationPath: "/dev/zero")
        #expect(mkfifo(surveys.appendingPathComponent("pipe.yml").path, 0o600) == 0)
        let big = surveys.appendingPathComponent("big.yaml")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data("id: big\n".utf8)))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        for arguments in try commands(regimen, surveys: surveys) {
            let run = try BoundedRun.run(
                arguments, in: regimen.sandbox, environment: environment(regimen, surveys: surveys))
            #expect(run.status == 65, "\(arguments): status \(String(describing: run.status)), stderr: \(run.stderr)")
            #expect(run.cpuSeconds < 1, "\(arguments) used \(run.cpuSeconds) s of processor time")
            #expect(run.seconds < 5, "\(arguments) took \(run.seconds) s")
            #expect(run.peakKiB < Self.memoryCeilingKiB, "\(arguments) peaked at \(run.peakKiB) KiB")
            #expect(
                run.stderr == """
                    regimen: 4 problems in survey folder \(surveys.path)
                    surveys/big.yaml: the file is larger than 1024 KiB, the most a survey file may hold
                    surveys/deep.json: nested deeper than 64 levels at line 1, column 1; a survey file may nest at most 64 levels
                    surveys/pipe.yml: not a regular file
                    surveys/zero.yaml: not a regular file

                    """, "\(arguments)")
        }
    }
}
