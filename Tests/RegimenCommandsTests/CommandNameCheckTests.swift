import Testing

@testable import RegimenCommands

/// Command words that name no command are a usage error found before either parser runs (docs/command-line-conventions.md).
@Suite("Command names: a mistyped command word is a usage error with the nearest command")
struct CommandNameCheckTests {
    @Test("a mistyped command is caught before either parser, with the nearest command; known commands pass")
    func commandNames() {
        let check = { (arguments: [String]) in
            CommandNameCheck.problem(in: arguments, root: RegimenCommand<PlainRegimen>.self)
                .map { ErrorReporter.message(for: $0, app: RegimenApp()) }
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
        if case .unknownCommand? = CommandNameCheck.problem(in: ["tody"], root: RegimenCommand<PlainRegimen>.self) {
        } else {
            Issue.record("not an unknown command")
        }
        #expect(
            CommandNameCheck.problem(in: ["tody"], root: RegimenCommand<PlainRegimen>.self).map(
                ErrorReporter.exitCode(for:)) == ErrorReporter.Code.usage)
    }
}
