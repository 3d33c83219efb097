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
    ]

    /// Forms the quick reader leaves to ArgumentParser (help, mistakes, anything unusual).
    static let declinedForms: [[String]] = [
        ["--help"], ["-h"], ["today", "--help"], ["help"], ["run", "checkin"], ["outcomes"],
        ["--week", "--week"], ["--date", "a", "--date", "b"], ["--store"], ["--store="], ["--date", "--week"],
        ["today", "today"], ["--week", "today"], ["--colour"], ["-w"], ["today", "extra"], ["--store", "-"],
        ["--", "--week"], ["--week=yes"],
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

    @Test("what the quick reader reads lands in the right fields")
    func fields() throws {
        let request = try #require(
            CareFeedArguments.parse(["today", "--store=/s.sqlite", "--surveys", "/d", "--date", "2026-02-03", "--week"]))
        #expect(request == CareFeedRequest(surveys: "/d", store: "/s.sqlite", date: "2026-02-03", week: true))
        #expect(CareFeedArguments.parse([]) == CareFeedRequest())
    }
}
