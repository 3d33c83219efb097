import Foundation

/// The shared FHIR questionnaires (`../shared/fixtures/fhir`, docs/test-fixtures.md), read in place, never copied.
enum FHIRFixtures {
    /// `../shared/fixtures/fhir` beside the package root.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/fhir").standardizedFileURL

    /// Whether the folder is there (tests that read it skip visibly otherwise).
    static let available = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("lforms-phq9.json").path)

    /// Every questionnaire: the top folder, `more/` and the pair's questionnaire, by file name without `.json`.
    static var questionnaires: [String: URL] {
        var found: [String: URL] = [:]
        for sub in ["", "more", "pair"] {
            let directory = sub.isEmpty ? folder : folder.appendingPathComponent(sub)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where name.hasSuffix(".json") && !name.contains("-ValueSet-") && !name.contains("-qr-") {
                found[String(name.dropLast(5))] = directory.appendingPathComponent(name)
            }
        }
        return found
    }

    /// The pair's ValueSet (no `url` of its own) and the canonical its questionnaire names.
    static let pairValueSet = (
        canonical: "http://hl7.org/fhir/ValueSet/yesnodontknow",
        file: folder.appendingPathComponent("pair/lforms-ValueSet-yesnodontknow.json")
    )
}
