import ArgumentParser
import Testing

@testable import RegimenCommands

/// `regimen motion`'s quick argument reader must accept only what ArgumentParser accepts, and mean the same by it.
@Suite("Motion arguments: the quick reader agrees with ArgumentParser")
struct MotionArgumentsTests {
    /// Forms researchers and scripts type; every one is read by the quick reader.
    static let plainForms: [[String]] = [
        ["motion", "knee.json"],
        ["motion", "recordings/knee left.json"],
        ["motion", "knee.json", "--format", "json"],
        ["motion", "--format=json", "knee.json"],
        ["motion", "--orientation", "landscape", "knee.json"],
        ["motion", "knee.json", "--orientation=portrait", "--format", "table"],
        ["motion", "--format", "table", "--orientation", "portrait", "/abs/motion"],
        ["motion", "motion"],
    ]

    /// Forms the quick reader leaves to ArgumentParser (help, mistakes, anything unusual).
    static let declinedForms: [[String]] = [
        ["motion"], ["motion", "--help"], ["motion", "-h"], ["motion", "a.json", "b.json"], ["motion", "-"],
        ["motion", "--format"], ["motion", "a.json", "--format"], ["motion", "a.json", "--format", "csv"],
        ["motion", "a.json", "--orientation", "Portrait"],
        ["motion", "a.json", "--format", "json", "--format", "json"],
        ["motion", "a.json", "--orientation="], ["motion", "a.json", "--color"], ["motion", "--", "a.json"],
        ["motion", "a.json", "--version"], ["motion", ""], ["motoin", "a.json"], ["today"], ["run", "checkin"], [],
        ["motion", "a.json", "--format", "-json"],
    ]

    @Test("every plain form gives the same request as ArgumentParser's `motion` command", arguments: plainForms)
    func agreesWithArgumentParser(arguments: [String]) throws {
        let quick = try #require(MotionArguments.parse(arguments))
        let parsed = try RegimenCommand.parseAsRoot(arguments)
        let motion = try #require(parsed as? MotionCommand, "ArgumentParser did not pick `motion` for \(arguments)")
        #expect(quick == motion.request)
    }

    @Test("help, mistakes and other commands are left to ArgumentParser", arguments: declinedForms)
    func declines(arguments: [String]) {
        #expect(MotionArguments.parse(arguments) == nil)
    }
}
