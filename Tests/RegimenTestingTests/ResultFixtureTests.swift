import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import SystemPackage
import Testing

/// ResearchKit's serializer sample in the shared fixtures (never copied into the repository).
private let sharedResearchKitSample = ResultFixture.url("../../../shared/fixtures/researchkit/ORKTaskResult.json")

@Suite("ResultFixture: result trees loaded from result files")
struct ResultFixtureTests {
    @Test("A written result file loads back by absolute path and by a path relative to the test file")
    func loadsWrittenFile() throws {
        let tree = ResultTree("checkin") { Form("checkin.form") { Item("checkin.form.pain", .scale(6)) } }
        let utc = try #require(TimeZone(identifier: "UTC"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-testing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ResultFiles.write(tree.result, timeZone: utc, to: FilePath(folder.path))
        let url = URL(fileURLWithPath: written.string)
        #expect(try ResultFixture.load(url.path) == tree.result)
        let relative =
            String(repeating: "../", count: URL(fileURLWithPath: #filePath).pathComponents.count) + url.path.dropFirst()
        #expect(try ResultFixture.load(relative) == tree.result)
    }

    @Test("The project's own check-in result file feeds the check-in extractor")
    func projectFixture() throws {
        let result = try ResultFixture.load("Fixtures/checkin-result.json")
        let extractor = DeclarativeExtractor(
            taskIdentifier: "checkin",
            entries: [
                .init(kind: "checkin.form.pain", path: ResultPath("checkin.form/checkin.form.pain")!)
            ])
        try extractor.outcomes(from: result).require(.value("checkin.form.pain", 3))
    }

    @Test("An unreadable file is a failure naming the path")
    func unreadable() {
        #expect(throws: OutcomeTestFailure.self) { try ResultFixture.load("/nonexistent/result.json") }
        do {
            _ = try ResultFixture.load("/nonexistent/result.json")
        } catch {
            #expect(error.description.hasPrefix("cannot load the result file: /nonexistent/result.json: "))
        }
    }

    @Test("The project's blank ResearchKit-shaped task result loads: no results, its uppercase run UUID")
    func blankTaskFixture() throws {
        let result = try ResultFixture.load("../Fixtures/ResultFiles/blank-task.json")
        #expect(result.results.isEmpty)
        #expect(result.taskRunUUID.uuidString == "5B0E8C7A-2D4F-4E61-9A3B-7C1D2E3F4A5B")
    }

    @Test(
        "ResearchKit's own serializer sample loads (shared fixtures/researchkit)",
        .enabled(
            if: FileManager.default.fileExists(atPath: sharedResearchKitSample.path),
            "skipped: ../shared/fixtures/researchkit is absent from this checkout")
    )
    func researchKitSample() throws {
        let url = sharedResearchKitSample
        let result = try ResultFixture.load(url.path)
        #expect(result.results.isEmpty)
        #expect(result.taskRunUUID.uuidString == "FDFCC3EC-01B6-43E7-8200-9B93E2744BB8")
    }
}
