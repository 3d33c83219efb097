import Foundation
import Testing

/// SDC expressions through the built binary (docs/fhir-import.md, "Expressions"): the BMI questionnaire written for the
/// tests (Tests/Fixtures/SDCExpressions) imported, validated, exported and checked with `fhir.resources`, run from
/// piped answers, and its QuestionnaireResponse's calculated BMI compared with what `fhirpathpy` computes from the
/// same response with the same expression; refused expressions end the strict import with their reasons.
@Suite("End to end: SDC expressions imported, run and checked with fhirpathpy", .serialized)
struct ImportedExpressionTests {
    static let fixtures = RegimenProcess.packageRoot.appendingPathComponent("Tests/Fixtures/SDCExpressions")

    /// Evaluates the BMI questionnaire's variable and calculated expression with fhirpathpy on a response read from
    /// stdin; prints the value (a JSON array).
    static let fhirpathpy = """
        import json, sys
        from fhirpathpy import evaluate
        from fhirpathpy.models import models
        questionnaire = json.load(open(sys.argv[1]))
        response = json.load(sys.stdin)
        def expression(element, url):
            for extension in element.get("extension", []):
                if extension["url"].endswith(url):
                    return extension["valueExpression"]
        environment = {"resource": response, "rootResource": response, "context": response}
        for extension in questionnaire.get("extension", []):
            if extension["url"].endswith("/variable"):
                value = extension["valueExpression"]
                environment[value["name"]] = evaluate(response, value["expression"], dict(environment), models["r4"])
        bmi = next(item for item in questionnaire["item"] if item["linkId"] == "bmi")
        calculated = expression(bmi, "sdc-questionnaire-calculatedExpression")["expression"]
        print(json.dumps([float(v) for v in evaluate(response, calculated, environment, models["r4"])]))
        """

    /// A surveys folder in `regimen`'s sandbox holding the SDC fixture `name` imported as `file`.yaml.
    static func imported(_ name: String, as file: String, in regimen: RegimenProcess) throws -> URL {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = fixtures.appendingPathComponent("\(name).json")
        let imported = try regimen.run(
            ["survey", "import", source.path, "--output", folder.appendingPathComponent("\(file).yaml").path])
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        return folder
    }

    @Test(
        "the BMI questionnaire imports, validates, exports, runs; fhir.resources and fhirpathpy agree on the response",
        .enabled(if: RegimenProcess.python != nil, "skipped: python3 is not on PATH"))
    func bmi() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let source = Self.fixtures.appendingPathComponent("sdc-bmi.json")
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let survey = folder.appendingPathComponent("bmi.yaml")
        let imported = try regimen.run(["survey", "import", source.path, "--output", survey.path])
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        let validated = try regimen.run(["validate", folder.path])
        #expect(validated.status == 0, "stderr: \(validated.stderr)")
        // The export writes the expressions back and parses with fhir.resources.
        let exported = try regimen.run(["survey", "export", "sdc-bmi", "--surveys", folder.path])
        #expect(exported.status == 0, "stderr: \(exported.stderr)")
        #expect(exported.stderr.isEmpty, "losses: \(exported.stderr)")
        #expect(exported.stdout.contains("sdc-questionnaire-calculatedExpression"))
        let questionnaire = try FHIRChecker.save(exported.stdout, as: "bmi-questionnaire.json", in: regimen)
        try FHIRChecker.check([questionnaire], runner: regimen)
        // A run from piped answers: weight, height; the BMI is calculated and shown, the display pipes it.
        let run = try regimen.run(
            [
                "run", "sdc-bmi", "--surveys", folder.path, "--store", regimen.store.path, "--results",
                regimen.results.path,
            ], input: "70\n175\n\n\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("Body mass index: 22.9"), "\(run.stderr)")
        #expect(run.stderr.contains("Your BMI is 22.9."), "\(run.stderr)")
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let shown = try regimen.run(["result", "show", files[0].path, "--format", "fhir", "--surveys", folder.path])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        let response = try FHIRChecker.save(shown.stdout, as: "bmi-response.json", in: regimen)
        try FHIRChecker.check([response], questionnaire: questionnaire, runner: regimen)
        let answered = try FHIRChecker.object(shown.stdout)
        let bmi = try #require(FHIRChecker.items(answered).first { $0.path == ["bmi"] }?.item)
        let value = try #require((bmi["answer"] as? [[String: Any]])?.first?["valueDecimal"] as? Double)
        #expect(value == 22.9)
        // fhirpathpy, given the same response and the exported expressions, computes the same BMI.
        let script = try FHIRChecker.save(Self.fhirpathpy, as: "bmi-fhirpathpy.py", in: regimen)
        let independent = try regimen.run(
            [script.path, questionnaire.path], input: shown.stdout, program: try #require(RegimenProcess.python))
        #expect(independent.status == 0, "stderr: \(independent.stderr)")
        #expect(independent.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[22.9]")
    }

    /// Evaluates every enableWhenExpression of a Questionnaire (argv[1]) with fhirpathpy on a response read from
    /// stdin; prints `{ linkId: value }`.
    static let enablingByFhirpathpy = """
        import json, sys
        from fhirpathpy import evaluate
        from fhirpathpy.models import models
        questionnaire = json.load(open(sys.argv[1]))
        response = json.load(sys.stdin)
        environment = {"resource": response, "rootResource": response, "context": response}
        found = {}
        def walk(items):
            for item in items:
                for extension in item.get("extension", []):
                    if extension["url"].endswith("sdc-questionnaire-enableWhenExpression"):
                        text = extension["valueExpression"]["expression"]
                        found[item["linkId"]] = evaluate(response, text, dict(environment), models["r4"])
                walk(item.get("item", []))
        walk(questionnaire["item"])
        print(json.dumps(found))
        """

    @Test(
        "enableWhenExpression and initialExpression on two paths: fhirpathpy enables exactly the items answered",
        .enabled(if: RegimenProcess.python != nil, "skipped: python3 is not on PATH"))
    func enablingPaths() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = try Self.imported("sdc-enable-initial", as: "e", in: regimen)
        let exported = try regimen.run(["survey", "export", "sdc-enable-initial", "--surveys", folder.path])
        #expect(exported.status == 0 && exported.stderr.isEmpty, "stderr: \(exported.stderr)")
        let questionnaire = try FHIRChecker.save(exported.stdout, as: "e-questionnaire.json", in: regimen)
        let script = try FHIRChecker.save(Self.enablingByFhirpathpy, as: "enabling.py", in: regimen)
        // An adult smoker: the years are pre-filled (40 - 18) and kept with Enter, "of age" pre-filled yes, and the
        // reason asked. A young non-smoker: no years, "of age" pre-filled no, no reason.
        let paths: [(input: String, answered: Set<String>, shown: [String])] = [
            ("40\nyes\n\nAnn\n\nstress\n", ["age", "smoker", "years", "name", "adult", "why"], ["Pre-filled: 22"]),
            ("16\nno\nBo\n\n", ["age", "smoker", "name", "adult"], ["Pre-filled: No"]),
        ]
        for (index, path) in paths.enumerated() {
            let run = try regimen.run(
                [
                    "run", "sdc-enable-initial", "--surveys", folder.path, "--store", regimen.store.path, "--results",
                    regimen.results.path,
                ], input: path.input)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            for text in path.shown { #expect(run.stderr.contains(text), "\(run.stderr)") }
            let files = regimen.resultFiles().sorted { $0.path < $1.path }
            try #require(files.count == index + 1)
            let newest = try #require(
                files.max {
                    let first = try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
                    let second = try? $1.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
                    return (first ?? .distantPast) < (second ?? .distantPast)
                })
            let shown = try regimen.run(["result", "show", newest.path, "--format", "fhir", "--surveys", folder.path])
            #expect(shown.status == 0, "stderr: \(shown.stderr)")
            let response = try FHIRChecker.save(shown.stdout, as: "e-response-\(index).json", in: regimen)
            try FHIRChecker.check([response], questionnaire: questionnaire, runner: regimen)
            let answered = Set(
                FHIRChecker.items(try FHIRChecker.object(shown.stdout)).filter { $0.item["answer"] != nil }
                    .compactMap { $0.path.last })
            #expect(answered == path.answered)
            let evaluated = try regimen.run(
                [script.path, questionnaire.path], input: shown.stdout, program: try #require(RegimenProcess.python))
            #expect(evaluated.status == 0, "stderr: \(evaluated.stderr)")
            let values = try FHIRChecker.object(evaluated.stdout)
            #expect(Set(values.keys) == ["years", "why"])
            for (linkId, value) in values {
                let enabled = (value as? [Any]).map { $0.count == 1 && ($0.first as? Bool) == true } ?? false
                #expect(enabled == path.answered.contains(linkId), "\(linkId): \(value)")
            }
        }
    }

    @Test("the calculated PHQ-style total follows back and a refused skip: shown and stored as the answers give it")
    func phqTotalPaths() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = try Self.imported("sdc-phq-total", as: "p", in: regimen)
        // Options score 0–3 in order. Back from q2 changes q1 from 2 to 1 point; a skip of the required q2 is refused.
        let paths: [(input: String, total: Int)] = [("3\nback\n2\n4\n", 4), ("1\nskip\n2\n", 1)]
        for path in paths {
            let before = Set(regimen.resultFiles())
            let run = try regimen.run(
                [
                    "run", "sdc-phq-total", "--surveys", folder.path, "--store", regimen.store.path, "--results",
                    regimen.results.path, "--replace",
                ], input: path.input)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("Total score: \(path.total)"), "\(run.stderr)")
            let added = Set(regimen.resultFiles()).subtracting(before)
            try #require(added.count == 1)
            let newest = try #require(added.first)
            let shown = try regimen.run(["result", "show", newest.path, "--format", "fhir", "--surveys", folder.path])
            let total = FHIRChecker.items(try FHIRChecker.object(shown.stdout)).first { $0.path == ["total"] }?.item
            #expect((total?["answer"] as? [[String: Any]])?.first?["valueInteger"] as? Int == path.total)
        }
    }

    @Test("the calculated PHQ-style total is stored as the total's answer and exported in the response")
    func phqTotal() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = try Self.imported("sdc-phq-total", as: "p", in: regimen)
        let run = try regimen.run(
            [
                "run", "sdc-phq-total", "--surveys", folder.path, "--store", regimen.store.path, "--results",
                regimen.results.path,
            ], input: "3\n4\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // The total is the last step: shown read-only before the run ends, and stored.
        #expect(run.stderr.contains("Total score: 5"), "\(run.stderr)")
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let shown = try regimen.run(["result", "show", files[0].path, "--format", "fhir", "--surveys", folder.path])
        let total = FHIRChecker.items(try FHIRChecker.object(shown.stdout)).first { $0.path == ["total"] }?.item
        #expect((total?["answer"] as? [[String: Any]])?.first?["valueInteger"] as? Int == 5)
        if RegimenProcess.python != nil {
            let exported = try regimen.run(["survey", "export", "sdc-phq-total", "--surveys", folder.path])
            #expect(exported.status == 0 && exported.stderr.isEmpty, "stderr: \(exported.stderr)")
            let questionnaire = try FHIRChecker.save(exported.stdout, as: "p-questionnaire.json", in: regimen)
            let response = try FHIRChecker.save(shown.stdout, as: "p-response.json", in: regimen)
            try FHIRChecker.check([questionnaire], runner: regimen)
            try FHIRChecker.check([response], questionnaire: questionnaire, runner: regimen)
        }
    }

    @Test("expressions the subset cannot evaluate end a strict import with file: item: reason, exit 65")
    func refusals() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let questionnaire = """
            { "resourceType": "Questionnaire", "id": "refused", "status": "active",
              "item": [
                { "linkId": "a", "type": "integer", "text": "A" },
                { "linkId": "cql", "type": "integer", "text": "B", "extension": [
                  { "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                    "valueExpression": { "language": "text/cql", "expression": "A + 1" } } ] },
                { "linkId": "broken", "type": "integer", "text": "C", "extension": [
                  { "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-initialExpression",
                    "valueExpression": { "language": "text/fhirpath", "expression": "%resource.item.where(" } } ] },
                { "linkId": "power", "type": "integer", "text": "D", "extension": [
                  { "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression",
                    "valueExpression": { "language": "text/fhirpath",
                                         "expression": "%resource.item.where(linkId='a').answer.value.power(2) > 4" } } ] } ] }
            """
        let source = try FHIRChecker.save(questionnaire, as: "refused.json", in: regimen)
        let strict = try regimen.run(["survey", "import", source.path])
        #expect(strict.status == 65)
        let lines = strict.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("\(source.path): item cql: calculatedExpression: the language text/cql") })
        #expect(lines.contains { $0.contains("\(source.path): item broken: initialExpression: ") })
        #expect(
            lines.contains { $0.contains("\(source.path): item power: enableWhenExpression: ") && $0.contains("power") }
        )
        #expect(strict.stdout.isEmpty)
    }
}
