import Catalog
import Foundation
import SystemPackage

/// The repository's shipped surveys (`surveys/`), loaded as the commands load them.
enum SurveyFixtures {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The catalog of `surveys/`, dates read in UTC.
    static func shipped() throws -> Catalog {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return try Catalog.load(
            directory: FilePath(packageRoot.appendingPathComponent("surveys").path), calendar: calendar)
    }

    /// The catalog of the project-made surveys written with the survey format's FHIR keys (Tests/Fixtures/FHIRSurveys).
    static func coded() throws -> Catalog {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return try Catalog.load(
            directory: FilePath(packageRoot.appendingPathComponent("Tests/Fixtures/FHIRSurveys").path),
            calendar: calendar)
    }

    /// The shared pair's QuestionnaireResponse (../shared/fixtures/fhir/pair; never copied into the repository).
    static let pairResponse = packageRoot.appendingPathComponent(
        "../shared/fixtures/fhir/pair/lforms-qr-with-answerValueSet-radiobutton-checkbox.json"
    ).standardizedFileURL

    /// The entry of `task` among the shipped surveys.
    static func entry(_ task: String) throws -> CatalogEntry {
        guard let entry = try shipped().entry(forTask: task) else { throw Missing(task: task) }
        return entry
    }

    /// A task the shipped surveys do not define.
    struct Missing: Error {
        var task: String
    }
}
