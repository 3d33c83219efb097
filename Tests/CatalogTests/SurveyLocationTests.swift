import Foundation
import SystemPackage
import Testing

@testable import Catalog

/// docs/command-line-conventions.md, "Where surveys come from": --surveys, else $REGIMEN_SURVEYS, else ./surveys, else
/// the shipped surveys.
@Suite("Survey location")
struct SurveyLocationTests {
    /// A new folder holding a `surveys` folder.
    private func folderWithSurveys() throws -> FilePath {
        FilePath(try CatalogFixture.folder(["x.yaml": ""], named: "surveys").deletingLastPathComponent().path)
    }

    @Test("--surveys wins over everything, relative to the current folder")
    func explicitWins() throws {
        let current = try folderWithSurveys()
        let found = SurveyLocation.resolve(
            explicit: "mine", environment: ["REGIMEN_SURVEYS": "/env"], currentDirectory: current)
        #expect(found.path == current.appending("mine"))
        #expect(found.source == .commandLine)
        #expect(
            SurveyLocation.resolve(explicit: "/abs/dir", environment: [:], currentDirectory: current).path
                == "/abs/dir")
        #expect(
            SurveyLocation.resolve(explicit: "mine/../yours/", environment: [:], currentDirectory: current).path
                == current.appending("yours"))
    }

    @Test("$REGIMEN_SURVEYS comes next, then ./surveys when the folder has one")
    func environmentThenLocal() throws {
        let current = try folderWithSurveys()
        let fromEnvironment = SurveyLocation.resolve(
            explicit: nil, environment: ["REGIMEN_SURVEYS": "/env/surveys"], currentDirectory: current)
        #expect(fromEnvironment.path == "/env/surveys")
        #expect(fromEnvironment.source == .environment)
        let local = SurveyLocation.resolve(
            explicit: "", environment: ["REGIMEN_SURVEYS": ""], currentDirectory: current)
        #expect(local.path == current.appending("surveys"))
        #expect(local.source == .currentDirectory)
    }

    @Test("without any of those, the surveys shipped with the build are used, and they load")
    func bundled() throws {
        let empty = FilePath(try CatalogFixture.folder([:], named: "elsewhere").path)
        let found = SurveyLocation.resolve(explicit: nil, environment: [:], currentDirectory: empty)
        #expect(found.source == .bundled)
        #expect(found.path == SurveyLocation.bundledDirectory)
        let catalog = try Catalog.load(directory: found.path, calendar: CatalogFixture.utc)
        #expect(catalog.entry(forTask: "checkin") != nil)
        #expect(found.source.description == "shipped with the program")
    }

    @Test("the shipped surveys are found beside the executable, in the folder Bundle.module names")
    func bundledBesideExecutable() {
        #expect(
            SurveyLocation.bundledDirectory.lexicallyNormalized()
                == SurveyLocation.bundleModuleDirectory.lexicallyNormalized())
    }
}
