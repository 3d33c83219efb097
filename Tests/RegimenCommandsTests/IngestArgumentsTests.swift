import ArgumentParser
import Testing

@testable import RegimenCommands

/// `regimen ingest`'s quick argument reader must accept only what ArgumentParser accepts, and mean the same by it.
@Suite("Ingest arguments: the quick reader agrees with ArgumentParser")
struct IngestArgumentsTests {
    /// Forms researchers and scripts type; every one is read by the quick reader.
    static let plainForms: [[String]] = [
        ["ingest", "results"],
        ["ingest", "results/day 1.json", "more results", "/abs/checkin-3.json"],
        ["ingest", "results", "--store", "study.sqlite", "--surveys", "surveys", "--tz", "Europe/Zurich"],
        ["ingest", "--tz=UTC", "results", "--start=2026-01-05", "b.json"],
        ["ingest", "--task", "checkin", "a.json", "--store=/tmp/s.sqlite", "--surveys=/srv/surveys"],
        ["ingest", "--start", "2026-01-05", "results", "--task=checkin", "--tz", "America/New_York"],
        ["ingest", "ingest"], ["ingest", "help"], ["ingest", "a.json", "help"], ["ingest", "today"],
        ["ingest", "a.json", "--task", "ingest"],
    ]

    /// Forms the quick reader leaves to ArgumentParser (help, mistakes, anything unusual).
    static let declinedForms: [[String]] = [
        ["ingest"], ["ingest", "--help"], ["ingest", "-h"], ["ingest", "-"], ["ingest", "--", "a.json"],
        ["ingest", "a.json", "--task"], ["ingest", "a.json", "--tz="], ["ingest", "a.json", "--store", "-x"],
        ["ingest", "a.json", "--task", "a", "--task", "b"], ["ingest", "a.json", "--store=a", "--store", "b"],
        ["ingest", "a.json", "--color", "red"], ["ingest", "a.json", "--version"], ["ingest", ""],
        ["ingest", "--tz", "UTC"], ["ingset", "a.json"], ["today"], ["motion", "a.json"], [],
        ["ingest", "a.json", "-task", "checkin"], ["ingest", "a.json", "--debug"],
    ]

    @Test("every plain form gives the same request as ArgumentParser's `ingest` command", arguments: plainForms)
    func agreesWithArgumentParser(arguments: [String]) throws {
        let quick = try #require(IngestArguments.parse(arguments))
        let parsed = try RegimenCommand.parseAsRoot(arguments)
        let ingest = try #require(parsed as? IngestCommand, "ArgumentParser did not pick `ingest` for \(arguments)")
        #expect(quick == ingest.request)
    }

    @Test("help, mistakes and other commands are left to ArgumentParser", arguments: declinedForms)
    func declines(arguments: [String]) {
        #expect(IngestArguments.parse(arguments) == nil)
    }
}
