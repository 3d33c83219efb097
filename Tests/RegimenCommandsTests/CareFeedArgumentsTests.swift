import ArgumentParser
import RegimenFoundation
import Testing

@testable import RegimenCommands

/// The care feed's quick argument reader must accept only what ArgumentParser accepts as `today`, and mean the same by
/// it: every argument list it reads is one the program, through the command-name check and ArgumentParser, would run
/// as `today` with the same request, and it declines everything else.
@Suite("Care feed arguments: the quick reader accepts only what ArgumentParser runs as today, and means the same")
struct CareFeedArgumentsTests {
    /// The words lists are drawn from: the feed's options and values in both spellings, help, version, other commands,
    /// a mistyped one, `--`, a bare dash, an empty word and options of other commands.
    static let words = [
        "today", "--week", "--due", "--store", "--store=s.sqlite", "s.sqlite", "--surveys", "--surveys=d", "--date",
        "--date=2026-02-03", "2026-02-03", "--store=", "--help", "-h", "--version", "help", "run", "tody", "--", "-",
        "",
        "--week=yes", "-w", "--orientation",
    ]

    /// What ArgumentParser (after the command-name check) makes of `arguments`: the care feed's request when it runs
    /// `today` with them, else nil (another command, help, the version, a usage error).
    static func throughArgumentParser(_ arguments: [String]) -> CareFeedRequest? {
        guard CommandNameCheck.problem(in: arguments, root: RegimenCommand<PlainRegimen>.self) == nil,
            let parsed = try? RegimenCommand<PlainRegimen>.parseAsRoot(arguments)
        else { return nil }
        return (parsed as? TodayCommand)?.request
    }

    /// Every list of up to three words, and 3,000 seeded random lists of four to seven.
    static func generatedLists() -> [[String]] {
        var lists: [[String]] = [[]]
        var shorter: [[String]] = [[]]
        for _ in 1...3 {
            shorter = shorter.flatMap { list in words.map { list + [$0] } }
            lists += shorter
        }
        var random = SplitMix64(seed: 49)
        for _ in 0..<3_000 {
            let count = Int.random(in: 4...7, using: &random)
            lists.append((0..<count).map { _ in words.randomElement(using: &random)! })
        }
        return lists
    }

    @Test("over every generated list, the quick reader's request is ArgumentParser's, or it declines")
    func acceptsOnlyWhatArgumentParserRunsAsToday() {
        var accepted = 0
        var declinedButRun: [[String]] = []
        for arguments in Self.generatedLists() {
            let expected = Self.throughArgumentParser(arguments)
            guard let quick = CareFeedArguments.parse(arguments) else {
                if expected != nil { declinedButRun.append(arguments) }
                continue
            }
            accepted += 1
            #expect(quick == expected, "\(arguments)")
        }
        // The reader reads the plain forms, not a handful of odd ones (244 of the lists).
        #expect(accepted > 200)
        // What it declines that ArgumentParser runs (more slowly, the same way) is only the unusual: an option given
        // twice (ArgumentParser keeps the last), an empty value or `-` as one, or `--`.
        for arguments in declinedButRun {
            let options = arguments.filter { $0.hasPrefix("--") }.map { $0.split(separator: "=")[0] }
            let repeated = Set(options).count < options.count
            let unusual = ["--store=", "", "-", "--"].contains { arguments.contains($0) }
            #expect(repeated || unusual, "\(arguments)")
        }
    }

    @Test("the forms participants and scripts type are all read quickly, with every field where it belongs")
    func plainForms() throws {
        for arguments in [
            [], ["today"], ["--week"], ["today", "--due"], ["--date=yesterday"], ["--surveys", "today"],
            ["today", "--week", "--surveys=/abs/surveys", "--store", "~/x.sqlite"],
        ] {
            #expect(CareFeedArguments.parse(arguments) != nil, "\(arguments)")
        }
        let request = try #require(
            CareFeedArguments.parse(["today", "--store=/s.sqlite", "--surveys", "/d", "--date", "2026-02-03", "--week"])
        )
        #expect(request == CareFeedRequest(surveys: "/d", store: "/s.sqlite", date: "2026-02-03", week: true))
        #expect(CareFeedArguments.parse([]) == CareFeedRequest())
    }

    @Test("what the quick reader declines, ArgumentParser answers: --version is a version request, not an error")
    func versionThroughArgumentParser() {
        for arguments in [["--version"], ["today", "--version"], ["--week", "--version"]] {
            #expect(CareFeedArguments.parse(arguments) == nil)
            do {
                _ = try RegimenCommand<PlainRegimen>.parseAsRoot(arguments)
                Issue.record("\(arguments) parsed as a command")
            } catch {
                #expect(RegimenCommand<PlainRegimen>.message(for: error) == RegimenVersion.current, "\(arguments)")
                #expect(RegimenCommand<PlainRegimen>.exitCode(for: error) == .success, "\(arguments)")
            }
        }
    }
}
