import ArgumentParser
import Testing

@testable import RegimenCommands

/// The care feed's quick argument reader must accept only what ArgumentParser accepts, and mean the same by it.
@Suite("Care feed arguments: the quick reader agrees with ArgumentParser")
struct CareFeedArgumentsTests {
    /// Forms participants and scripts type; every one is read by the quick reader.
    static let plainForms: [[String]] = [
        [],
        ["today"],
        ["--week"],
        ["today", "--week"],
        ["today", "--date", "2026-11-21"],
        ["--date=yesterday"],
        ["today", "--store", "/tmp/s.sqlite", "--date", "2026-01-31", "--week"],
        ["--store=rel/store.sqlite", "--surveys", "my surveys"],
        ["today", "--week", "--surveys=/abs/surveys", "--store", "~/x.sqlite"],
        ["--surveys", "today"],
        ["today", "--due"],
        ["--due", "--store", "/tmp/s.sqlite"],
    ]

    /// Forms the quick reader leaves to ArgumentParser (help, mistakes, anything unusual).
    static let declinedForms: [[String]] = [
        ["--help"], ["-h"], ["today", "--help"], ["help"], ["run", "checkin"], ["outcomes"],
        ["--week", "--week"], ["--date", "a", "--date", "b"], ["--store"], ["--store="], ["--date", "--week"],
        ["today", "today"], ["--week", "today"], ["--color"], ["-w"], ["today", "extra"], ["--store", "-"],
        ["--", "--week"], ["--week=yes"], ["--version"], ["today", "--version"], ["--week", "--version"], ["tody"],
        ["tody", "--week"], ["help", "tody"], ["--due", "--due"], ["today", "--due", "--week"],
        ["--date", "2026-11-21", "--due"],
    ]

    @Test("every plain form gives the same request as ArgumentParser's `today` command", arguments: plainForms)
    func agreesWithArgumentParser(arguments: [String]) throws {
        let quick = try #require(CareFeedArguments.parse(arguments))
        let parsed = try RegimenCommand.parseAsRoot(arguments)
        let today = try #require(parsed as? TodayCommand, "ArgumentParser did not pick `today` for \(arguments)")
        #expect(quick == today.request)
    }

    @Test("help, other commands and malformed forms are left to ArgumentParser", arguments: declinedForms)
    func declines(arguments: [String]) {
        #expect(CareFeedArguments.parse(arguments) == nil)
    }

    @Test("what the quick reader declines, ArgumentParser answers: --version is a version request, not an error")
    func versionThroughArgumentParser() {
        for arguments in [["--version"], ["today", "--version"], ["--week", "--version"]] {
            #expect(CareFeedArguments.parse(arguments) == nil)
            do {
                _ = try RegimenCommand.parseAsRoot(arguments)
                Issue.record("\(arguments) parsed as a command")
            } catch {
                #expect(RegimenCommand.message(for: error) == RegimenVersion.current, "\(arguments)")
                #expect(RegimenCommand.exitCode(for: error) == .success, "\(arguments)")
            }
        }
    }

    @Test("a mistyped command is caught before either parser, with the nearest command; known commands pass")
    func commandNames() {
        let check = { (arguments: [String]) in CommandNameCheck.problem(in: arguments).map(ErrorReporter.message(for:))
        }
        #expect(check(["tody"]) == "unknown command 'tody' (did you mean 'today'?); 'regimen help' lists the commands")
        #expect(
            check(["help", "outcome"])
                == "unknown command 'outcome' (did you mean 'outcomes'?); 'regimen help' lists the commands")
        #expect(
            check(["result", "shw"])
                == "unknown command 'result shw' (did you mean 'result show'?); 'regimen help result' lists the commands"
        )
        for fine in [
            [], ["today"], ["--week"], ["--store", "s"], ["run", "checkin"], ["run", "tody"], ["help"],
            ["help", "run"],
            ["result", "show", "x.json"], ["help", "result", "show"],
        ] {
            #expect(check(fine) == nil, "\(fine)")
        }
        if case .unknownCommand? = CommandNameCheck.problem(in: ["tody"]) {
        } else {
            Issue.record("not an unknown command")
        }
        #expect(CommandNameCheck.problem(in: ["tody"]).map(ErrorReporter.exitCode(for:)) == ErrorReporter.Code.usage)
    }

    @Test("what the quick reader reads lands in the right fields")
    func fields() throws {
        let request = try #require(
            CareFeedArguments.parse(["today", "--store=/s.sqlite", "--surveys", "/d", "--date", "2026-02-03", "--week"])
        )
        #expect(request == CareFeedRequest(surveys: "/d", store: "/s.sqlite", date: "2026-02-03", week: true))
        #expect(CareFeedArguments.parse([]) == CareFeedRequest())
    }
}
