import Foundation
import Testing

@testable import Catalog

/// docs/command-line-conventions.md, "Where surveys come from": --surveys, else $REGIMEN_SURVEYS, else ./surveys, else
/// the shipped surveys.
@Suite("Survey location")
struct SurveyLocationTests {
    @Test("--surveys wins over everything, relative to the current folder")
    func explicitWins() throws {
        let current = try CatalogFixture.folder(["x.yaml": ""], named: "surveys").deletingLastPathComponent()
        let found = SurveyLocation.resolve(
            explicit: "mine", environment: ["REGIMEN_SURVEYS": "/env"], currentDirectory: current)
        #expect(found.url.path == current.appendingPathComponent("mine").path)
        #expect(found.source == .commandLine)
        #expect(
            SurveyLocation.resolve(explicit: "/abs/dir", environment: [:], currentDirectory: current).url.path
                == "/abs/dir")
    }

    @Test("$REGIMEN_SURVEYS comes next, then ./surveys when the folder has one")
    func environmentThenLocal() throws {
        let current = try CatalogFixture.folder(["x.yaml": ""], named: "surveys").deletingLastPathComponent()
        let fromEnvironment = SurveyLocation.resolve(
            explicit: nil, environment: ["REGIMEN_SURVEYS": "/env/surveys"], currentDirectory: current)
        #expect(fromEnvironment.url.path == "/env/surveys")
        #expect(fromEnvironment.source == .environment)
        let local = SurveyLocation.resolve(
            explicit: "", environment: ["REGIMEN_SURVEYS": ""], currentDirectory: current)
        #expect(local.url.path == current.appendingPathComponent("surveys").path)
        #expect(local.source == .currentDirectory)
    }

    @Test("without any of those, the surveys shipped with the build are used, and they load")
    func bundled() throws {
        let empty = try CatalogFixture.folder([:], named: "elsewhere")
        let found = SurveyLocation.resolve(explicit: nil, environment: [:], currentDirectory: empty)
        #expect(found.source == .bundled)
        #expect(found.url == SurveyLocation.bundledDirectory)
        let catalog = try Catalog.load(directory: found.url, calendar: CatalogFixture.utc)
        #expect(catalog.entry(forTask: "checkin") != nil)
        #expect(found.source.description == "shipped with the program")
    }

    @Test("the shipped surveys are found beside the executable, in the folder Bundle.module names")
    func bundledBesideExecutable() {
        #expect(
            SurveyLocation.bundledDirectory.standardizedFileURL.path
                == SurveyLocation.bundleModuleDirectory.standardizedFileURL.path)
    }
}
