import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@testable import RegimenCommands

/// Which language the participant asked for: `--language`, then `REGIMEN_LANGUAGE`, then the POSIX locale variables
/// `LC_ALL`, `LC_MESSAGES`, `LANG` (docs/languages.md), all read from the injected environment.
@Suite("Participant language: --language, REGIMEN_LANGUAGE, LC_ALL, LC_MESSAGES, LANG")
struct ParticipantLanguageTests {
    private func environment(_ variables: [String: String]) -> RegimenEnvironment {
        RegimenEnvironment(
            variables: variables, currentDirectory: URL(fileURLWithPath: "/"),
            clock: FixedClock(Date(timeIntervalSince1970: 0)), timeZone: TimeZone(identifier: "UTC")!,
            stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false)
    }

    private func asked(_ variables: [String: String], option: String? = nil) throws -> [String] {
        try environment(variables).participantLanguages(option: option).map(\.description)
    }

    static let all = [
        "REGIMEN_LANGUAGE": "zh-Hans", "LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8",
    ]

    @Test("each source in turn wins over the ones after it")
    func order() throws {
        #expect(try asked(Self.all, option: "ko") == ["ko"])
        #expect(try asked(Self.all) == ["zh-Hans"])
        var variables = Self.all
        variables["REGIMEN_LANGUAGE"] = nil
        #expect(try asked(variables) == ["ja-JP"])
        variables["LC_ALL"] = nil
        #expect(try asked(variables) == ["fr-FR"])
        variables["LC_MESSAGES"] = ""
        #expect(try asked(variables) == ["de-DE"])
        #expect(try asked([:]).isEmpty)
    }

    @Test("an enrolled store's language comes after --language and REGIMEN_LANGUAGE, before the POSIX locale")
    func enrolled() throws {
        let japanese = try #require(LanguageTag("ja"))
        let all = environment(Self.all)
        #expect(try all.participantLanguages(option: "ko", enrolled: japanese).map(\.description) == ["ko"])
        #expect(try all.participantLanguages(option: nil, enrolled: japanese).map(\.description) == ["zh-Hans"])
        var variables = Self.all
        variables["REGIMEN_LANGUAGE"] = nil
        #expect(
            try environment(variables).participantLanguages(option: nil, enrolled: japanese).map(\.description)
                == ["ja"])
        #expect(try environment([:]).participantLanguages(option: nil, enrolled: japanese).map(\.description) == ["ja"])
    }

    @Test("C and POSIX locales ask for no language, and stop the search as POSIX does")
    func posixDefault() throws {
        #expect(try asked(["LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"]).isEmpty)
        #expect(try asked(["LANG": "POSIX"]).isEmpty)
    }

    @Test("a --language or REGIMEN_LANGUAGE that is not a tag is a usage error naming it")
    func refused() {
        #expect(throws: RegimenError.self) { try asked([:], option: "ja_JP!") }
        do {
            _ = try asked(["REGIMEN_LANGUAGE": "??"])
            Issue.record("no error")
        } catch {
            guard case .usage(let message) = error as? RegimenError else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("REGIMEN_LANGUAGE") && message.contains("'??'"))
        }
    }
}
