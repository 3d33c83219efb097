import Foundation
import Testing

/// FHIR `translation` extensions both ways (docs/fhir-import.md and docs/fhir-export.md, "Languages"): a
/// Questionnaire with translated title, texts, a prefix and options, written from the FHIR specification's example
/// of the extension, is imported into translated survey texts and exported back with nothing lost.
@Suite("End to end: FHIR translation extensions imported and exported", .serialized)
struct FHIRTranslationTests {
    static let fixture = RegimenProcess.packageRoot.appendingPathComponent(
        "Tests/Fixtures/FHIRQuestionnaires/translated-questionnaire.json")

    /// Every translation of a resource: "path lang: content", where path names the element (`item[pain]._text`).
    static func translations(_ value: Any, path: String = "") -> Set<String> {
        var found: Set<String> = []
        if let object = value as? [String: Any] {
            let here = (object["linkId"] as? String).map { "\(path)[\($0)]" } ?? path
            for (key, member) in object {
                if key.hasPrefix("_"), let element = member as? [String: Any],
                    let extensions = element["extension"] as? [[String: Any]]
                {
                    for holder in extensions
                    where holder["url"] as? String == "http://hl7.org/fhir/StructureDefinition/translation" {
                        let parts = holder["extension"] as? [[String: Any]] ?? []
                        let lang = parts.first { $0["url"] as? String == "lang" }?["valueCode"] as? String ?? "?"
                        let content =
                            parts.first { $0["url"] as? String == "content" }?["valueString"] as? String ?? "?"
                        let text = object[String(key.dropFirst())] as? String ?? "?"
                        found.insert("\(here).\(key) \(lang): \(text) → \(content)")
                    }
                } else if key != "extension" {
                    found.formUnion(translations(member, path: here))
                }
            }
        } else if let array = value as? [Any] {
            for element in array { found.formUnion(translations(element, path: path)) }
        }
        return found
    }

    @Test("import keeps every translation as a translated text; export writes each back; fhir.resources accepts it")
    func roundTrip() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: surveys, withIntermediateDirectories: true)
        let survey = surveys.appendingPathComponent("translated.yaml")
        let imported = try regimen.run(["survey", "import", Self.fixture.path, "--output", survey.path])
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stderr.isEmpty, "no losses: \(imported.stderr)")
        let yaml = try String(contentsOf: survey, encoding: .utf8)
        #expect(yaml.contains("language: en"))
        #expect(yaml.contains("ja: 痛みはどうですか？"))
        #expect(yaml.contains("zh-Hans: 剧烈疼痛"))

        let validated = try regimen.run(["validate", surveys.path, "--strict"])
        #expect(validated.status == 0, "stderr: \(validated.stderr)")
        #expect(validated.stdout.contains("in en, ja, zh-Hans"))

        let exported = try regimen.run(["survey", "export", "translated-checkin", "--surveys", surveys.path])
        #expect(exported.status == 0, "stderr: \(exported.stderr)")
        let file = try FHIRChecker.save(exported.stdout, as: "translated.json", in: regimen)
        try FHIRChecker.check([file], runner: regimen)
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture))
        let back = try FHIRChecker.object(exported.stdout)
        #expect(back["language"] as? String == "en")
        let expected = Self.translations(original)
        #expect(expected.count == 18)
        #expect(Self.translations(back) == expected)
    }

    @Test("survey import --language ja makes Japanese the default; a text without ja is refused by place")
    func importLanguage() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let imported = try regimen.run(["survey", "import", Self.fixture.path, "--language", "ja"])
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("language: ja"))
        #expect(imported.stdout.contains("{ja: チェックイン, en: Check In, zh-Hans: 每日签到}"), "\(imported.stdout)")

        let partial = regimen.sandbox.appendingPathComponent("partial.json")
        try Data(
            """
            { "resourceType": "Questionnaire", "language": "en", "status": "active", "title": "T",
              "item": [{ "linkId": "a", "type": "boolean", "text": "Fine?",
                "_text": { "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/translation",
                  "extension": [{ "url": "lang", "valueCode": "ja" }, { "url": "content", "valueString": "大丈夫？" }] }] } }] }
            """.utf8
        ).write(to: partial)
        let refused = try regimen.run(["survey", "import", partial.path, "--language", "ja"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("title: has no ja text"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    @Test("translations without a language of the questionnaire's own are refused, naming --language")
    func noLanguage() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let bare = regimen.sandbox.appendingPathComponent("bare.json")
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture)) as? [String: Any])
        object["language"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: bare)
        let refused = try regimen.run(["survey", "import", bare.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--language"), "\(refused.stderr)")
        let named = try regimen.run(["survey", "import", bare.path, "--language", "en"])
        #expect(named.status == 0, "stderr: \(named.stderr)")
        #expect(named.stdout.contains("language: en"))
    }
}
