import Catalog
import Foundation
import SystemPackage
import Yams

@testable import FHIRInterchange

/// Runs imports in tests and checks their output with the catalog that `regimen validate` uses.
enum SurveyCheck {
    /// Imports questionnaire JSON text.
    static func importing(_ json: String, valueSets: [String: [AnswerOption]] = [:]) throws -> QuestionnaireImport {
        try QuestionnaireImporter(valueSets: valueSets).importQuestionnaire(
            Array(json.utf8), fallbackIdentifier: "imported")
    }

    /// The problems `regimen validate` finds in the survey (empty when it loads).
    static func validationProblems(_ yaml: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("survey.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Catalog.load(directory: FilePath(folder.path), calendar: Calendar(identifier: .gregorian))
            return []
        } catch {
            return [error.description]
        }
    }

    /// The survey as a YAML node tree, for structural checks.
    static func tree(_ yaml: String) throws -> Node {
        guard let node = try Yams.compose(yaml: yaml) else { throw CocoaError(.fileReadCorruptFile) }
        return node
    }
}
