import Foundation
import Testing

/// `regimen survey import` with the built binary: a shared questionnaire imported to a folder, validated and answered
/// from piped lines; the strict and lenient endings (docs/fhir-import.md).
@Suite("End to end: survey import", .serialized)
struct SurveyImportCommandTests {
    /// `../shared/fixtures/fhir`.
    static let fixtures = RegimenProcess.packageRoot.appendingPathComponent("../shared/fixtures/fhir")
        .standardizedFileURL
    static let available = FileManager.default.fileExists(
        atPath: fixtures.appendingPathComponent("rkof-GAD-7.json").path)

    /// Imports the fixture at `name` into a new survey folder of the sandbox with `--output`, expecting exit 0.
    static func importToFolder(_ name: String, _ regimen: RegimenProcess, options: [String] = []) throws -> (
        URL, URL, RegimenProcess.Outcome
    ) {
        let folder = regimen.sandbox.appendingPathComponent("imported", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let survey = folder.appendingPathComponent("survey.yaml")
        let imported = try regimen.run(
            ["survey", "import", fixtures.appendingPathComponent(name).path, "--output", survey.path] + options)
        #expect(imported.status == 0, "\(imported.stderr)")
        return (folder, survey, imported)
    }

    /// Runs `task` from `folder` with `input` piped, expecting one result file, and returns what `extract` prints of
    /// it.
    static func runAndExtract(_ task: String, _ folder: URL, input: String, _ regimen: RegimenProcess) throws -> String
    {
        let run = try regimen.run(
            [
                "run", task, "--surveys", folder.path, "--store", regimen.store.path, "--results", regimen.results.path,
                "--quiet",
            ],
            input: input)
        #expect(run.status == 0, "\(run.stderr)")
        let results = try FileManager.default.contentsOfDirectory(atPath: regimen.results.path)
        #expect(results.count == 1)
        let extracted = try regimen.run([
            "extract", "--surveys", folder.path, regimen.results.appendingPathComponent(results[0]).path,
        ])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        return extracted.stdout
    }

    @Test(
        "GAD-7 imports to an owner-only file, validates and runs from piped answers",
        .enabled(if: available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func importValidateRun() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let (folder, survey, imported) = try Self.importToFolder("rkof-GAD-7.json", regimen)
        #expect(imported.stdout.isEmpty && imported.stderr.isEmpty)
        let mode = try FileManager.default.attributesOfItem(atPath: survey.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let validated = try regimen.run(["validate", folder.path])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout.contains("task rkof-GAD-7"))
        let extracted = try Self.runAndExtract("rkof-GAD-7", folder, input: "1\n2\n3\n4\n1\n2\n3\n", regimen)
        #expect(extracted.contains("Several-days"))
        // No calculated item, seven scored items: the total of options 1,2,3,4,1,2,3 scoring 0-3 is 0+1+2+3+0+1+2 = 9.
        let total = extracted.split(separator: "\n").first { $0.hasPrefix("total ") }
        #expect(total?.split(separator: " ").map(String.init) == ["total", "9", "{score}", "integer"])
    }

    @Test(
        "nested groups' enableWhen decide what is asked: a disabled item is passed over and left unanswered",
        .enabled(if: available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func nestedEnableWhen() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let (folder, _, _) = try Self.importToFolder("more/lforms-q-with-nested-enableWhen.json", regimen)
        // p1 = YES enables group g1; c1 = A disables d1; cc1 = B enables dd1 inside the nested group g2.
        let extracted = try Self.runAndExtract(
            "minimal-lforms-skiplogic-loop", folder, input: "1\n1\n2\nhello\n", regimen)
        let kinds = extracted.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").first.map(String.init) ?? ""
        }
        #expect(kinds == ["p1", "c1", "cc1", "dd1"])
    }

    @Test(
        "PHQ-9 imports with --lenient (its total's expressions read %questionnaire); the total is the sum of the chosen options' scores, stored under the total's LOINC code",
        .enabled(if: available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func phq9Total() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let (folder, _, imported) = try Self.importToFolder("lforms-phq9.json", regimen, options: ["--lenient"])
        let warnings = imported.stderr.split(separator: "\n")
        #expect(warnings.count == 12 && warnings.allSatisfy { $0.contains(": item /44261-6: ") }, "\(imported.stderr)")
        // Options 1-4 score 0-3: 0+1+2+3+0+1+2+3+0 = 12; the difficulty question (unscored) is not added.
        let extracted = try Self.runAndExtract("lforms-phq9", folder, input: "1\n2\n3\n4\n1\n2\n3\n4\n1\n4\n", regimen)
        let total = extracted.split(separator: "\n").first { $0.hasPrefix("44261-6 ") }
        #expect(total?.split(separator: " ").map(String.init) == ["44261-6", "12", "{score}", "integer"])
    }

    @Test(
        "a lossy questionnaire exits 65 listing each loss and writes nothing; --lenient writes it with warnings",
        .enabled(if: available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func strictAndLenient() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // A calculated item in CQL, which the survey's FHIRPath cannot evaluate (docs/fhir-import.md, "Expressions").
        let questionnaire = """
            { "resourceType": "Questionnaire", "id": "cql", "status": "active",
              "item": [
                { "linkId": "/weight", "type": "decimal", "text": "Weight" },
                { "linkId": "/double", "type": "decimal", "text": "Twice", "extension": [
                  { "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                    "valueExpression": { "language": "text/cql", "expression": "Weight * 2" } } ] } ] }
            """
        let source = regimen.sandbox.appendingPathComponent("cql.json").path
        try questionnaire.write(toFile: source, atomically: true, encoding: .utf8)
        let output = regimen.sandbox.appendingPathComponent("bmi.yaml")
        let strict = try regimen.run(["survey", "import", source, "-o", output.path])
        #expect(strict.status == 65)
        #expect(
            strict.stderr == """
                regimen: \(source): item /double: calculatedExpression: the language text/cql is not text/fhirpath, the only one evaluated
                \(source): item /double: calculatedExpression: the item is left out
                \(source): 2 parts cannot be converted; nothing was written (--lenient converts the rest)

                """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let lenient = try regimen.run(["survey", "import", source, "--lenient"])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.hasPrefix("regimen: warning: \(source): item /double: calculatedExpression"))
        #expect(lenient.stdout.contains("linkId: /weight"))
        // An id with a space is kept in the fhir block, not a loss: the slider example imports strictly.
        let slider = try regimen.run([
            "survey", "import", Self.fixtures.appendingPathComponent("rkof-SliderExample.json").path,
        ])
        #expect(slider.status == 0, "stderr: \(slider.stderr)")
        #expect(slider.stdout.contains("id: Stanford University-slider-example"))
        #expect(slider.stdout.contains("scale: {min: 0, max: 10, step: 1}"))
    }

    @Test("a file that is not JSON exits 65 with its place")
    func notJSON() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        try "id: yaml".write(to: regimen.sandbox.appendingPathComponent("q.json"), atomically: true, encoding: .utf8)
        let run = try regimen.run(["survey", "import", "q.json"])
        #expect(run.status == 65)
        #expect(
            run.stderr == "regimen: q.json: not JSON: unexpected character (expected a value) at line 1, column 1\n")
        #expect(run.stdout.isEmpty)
    }
}
