import Foundation
import Testing

/// The standard instruments (docs/instruments/README.md) run through the built `regimen` from piped answers, each
/// storing its scores: a prorated PHQ-9 with a skipped item, and the WHO-5 percentage.
@Suite("End to end: standard instruments run from piped answers and store their scores", .serialized)
struct PipedInstrumentTests {
    /// The repository's `surveys/instruments` folder.
    static let instruments = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../surveys/instruments").standardizedFileURL

    static func run(_ regimen: RegimenProcess, task: String, input: String) throws -> [String: String] {
        let run = try regimen.run(
            [
                "run", task, "--surveys", Self.instruments.path, "--store", regimen.store.path, "--results",
                regimen.results.path,
            ], input: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return PipedParticipantTests.values(
            try PipedParticipantTests.outcomes(regimen, surveys: Self.instruments, task: task))
    }

    @Test("PHQ-9 with item 9 skipped: the total prorated from eight answers, and no item 9 value")
    func phq9Prorated() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // Items 1–8 "Several days" (score 1) and item 9 skipped: 8 / 8 × 9 = 9; the difficulty question (not
        // scored) answered.
        let input = String(repeating: "Several days\n", count: 8) + "skip\nSomewhat difficult\n"
        let outcomes = try Self.run(regimen, task: "phq9", input: input)
        #expect(outcomes["phq9.total"] == "9")
        #expect(outcomes["phq9.item9"] == nil)
    }

    @Test("PHQ-9 with three items skipped stores no total (the rule allows two)")
    func phq9TooManyMissing() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let input = String(repeating: "Nearly every day\n", count: 6) + String(repeating: "skip\n", count: 3) + "\n"
        let outcomes = try Self.run(regimen, task: "phq9", input: input)
        #expect(outcomes["phq9.total"] == nil)
        #expect(outcomes["phq9.item9"] == nil)
    }

    @Test("WHO-5 answered by choice numbers: the raw score and the percentage (raw × 4)")
    func who5Percentage() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // Choices 1, 2, 3, 4, 5: scores 5, 4, 3, 2, 1 = 15; × 4 = 60.
        let outcomes = try Self.run(regimen, task: "who5", input: "1\n2\n3\n4\n5\n")
        #expect(outcomes["who5.raw"] == "15")
        #expect(outcomes["who5.percent"] == "60")
    }
}
