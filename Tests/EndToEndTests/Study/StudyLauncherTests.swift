import Foundation
import Testing

/// `regimen study …` runs the `regimen-study` program beside `regimen` (only it links the PostgreSQL client): the
/// arguments arrive unchanged, `regimen --help` lists the group, a link to `regimen` still finds it, and without it the
/// command says what is missing (docs/study-database.md, "Connecting").
@Suite struct StudyLauncherTests {
    private static let nowhere = "postgres://nobody@127.0.0.1:1/none"

    @Test func theHelpOfBothProgramsListsTheStudyCommands() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let top = try regimen.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("study                   Run a study of many participants"))
        for arguments in [["study", "--help"], ["help", "study"]] {
            let study = try regimen.run(arguments)
            #expect(study.status == 0, "\(arguments)")
            #expect(study.stdout.contains("USAGE: regimen study <subcommand>"), "\(arguments)")
            for command in ["init", "enroll", "publish", "ingest", "outcomes", "export"] {
                #expect(study.stdout.contains("  \(command) "), "\(arguments): \(command)")
            }
        }
    }

    @Test func optionsBeforeTheWordStudyArriveUnchanged() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(["--debug", "study", "status", "--database", Self.nowhere])
        #expect(run.status == 69)
        #expect(run.stderr.contains("no PostgreSQL server answers at 127.0.0.1:1"))
        #expect(run.stderr.contains("debug:"))
    }

    @Test func aLinkToRegimenFindsTheStudyProgramAndACopyAloneSaysWhatIsMissing() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let elsewhere = regimen.sandbox.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = elsewhere.appendingPathComponent("regimen")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: RegimenProcess.executable)
        let linked = try regimen.run(["study", "status", "--database", Self.nowhere], program: link)
        #expect(linked.status == 69)

        let alone = regimen.sandbox.appendingPathComponent("alone", isDirectory: true)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("regimen")
        try FileManager.default.copyItem(at: RegimenProcess.executable, to: copy)
        let missing = try regimen.run(["study", "status", "--database", Self.nowhere], program: copy)
        #expect(missing.status == 1)
        #expect(
            missing.stderr == "regimen: \(alone.path)/regimen-study: cannot be run (no such file or directory): "
                + "`regimen study` needs regimen-study installed beside regimen; install both with scripts/install\n")
        // The commands participants run do not need it.
        #expect(try regimen.run(["--version"], program: copy).status == 0)
    }
}
