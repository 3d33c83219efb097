import ArgumentParser
import Foundation
import ResearchTasks
import Testing

@testable import RegimenCommands

/// The days `regimen insights` charts (docs/insights.md, "Which days"), in the participant's zone on a pinned clock.
@Suite("Insights: which days")
struct InsightWindowTests {
    /// 23:30 UTC on 25 November is already the 26th in Berlin.
    static let environment = RegimenEnvironment(
        variables: [:], currentDirectory: URL(fileURLWithPath: "/"),
        clock: FixedClock(Date(timeIntervalSince1970: 1_795_649_400)), timeZone: TimeZone(identifier: "Europe/Berlin")!,
        stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false)

    static func window(_ arguments: [String]) throws -> (first: String, last: String, days: Int) {
        let window = try InsightsCommand.parse(arguments).requestedWindow(Self.environment)
        let calendar = Self.environment.calendar
        return (
            DayText.iso(window.firstDay, calendar: calendar),
            DayText.iso(window.day(window.dayCount - 1), calendar: calendar), window.dayCount
        )
    }

    @Test("default and --week: the seven days ending today in the participant's zone; --month the 30 ending today")
    func namedWindows() throws {
        #expect(DayText.iso(Self.environment.clock.now(), calendar: Self.environment.calendar) == "2026-11-26")
        #expect(try Self.window([]) == ("2026-11-20", "2026-11-26", 7))
        #expect(try Self.window(["--week"]) == ("2026-11-20", "2026-11-26", 7))
        #expect(try Self.window(["--month"]) == ("2026-10-28", "2026-11-26", 30))
    }

    @Test("--from/--to: both days included; --from alone runs through today, --to alone is the week ending then")
    func explicitDays() throws {
        #expect(try Self.window(["--from", "2026-11-24", "--to", "2026-11-24"]) == ("2026-11-24", "2026-11-24", 1))
        #expect(try Self.window(["--from", "2025-11-27", "--to", "2026-11-26"]).days == 365)
        #expect(try Self.window(["--from", "2026-11-01"]) == ("2026-11-01", "2026-11-26", 26))
        #expect(try Self.window(["--to", "yesterday"]) == ("2026-11-19", "2026-11-25", 7))
        // Across the change from summer time (25 October 2026 in Berlin) a day is still one day.
        #expect(try Self.window(["--from", "2026-10-24", "--to", "2026-10-26"]).days == 3)
    }

    @Test("two ways of naming the days, or a range that ends before it starts, are usage errors")
    func conflicts() throws {
        for arguments in [
            ["--week", "--month"], ["--month", "--from", "2026-11-01"], ["--from", "2026-11-20", "--to", "2026-11-19"],
        ] {
            #expect(throws: RegimenError.self) { try Self.window(arguments) }
        }
    }
}
