import Foundation
import Testing

@testable import Catalog

/// `surveys/schema.json` (JSON Schema draft 2020-12) against the shipped surveys and the decoder's vocabulary.
@Suite("Survey JSON Schema")
struct SchemaTests {
    static let schemaURL = CatalogFixture.surveysDirectory.appendingPathComponent("schema.json")

    /// Whether `python3` with the `jsonschema` package can be run here.
    static let pythonJSONSchemaAvailable: Bool = {
        (try? runPython(["-c", "import jsonschema"]))?.status == 0
    }()

    @Test("the schema declares exactly the keys the decoder accepts, object by object")
    func vocabularyMatches() throws {
        let data = try Data(contentsOf: Self.schemaURL)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        var objectsInSchema: Set<String> = []
        for (name, definition) in defs {
            guard let properties = (definition as? [String: Any])?["properties"] as? [String: Any] else { continue }
            objectsInSchema.insert(name)
            #expect(Set(properties.keys) == Set(SurveyVocabulary.keys(name)), "$defs/\(name)")
        }
        #expect(objectsInSchema == Set(SurveyVocabulary.objects.keys))
    }

    @Test(
        "every shipped survey validates against schema.json",
        .enabled(if: pythonJSONSchemaAvailable, "python3 with jsonschema is not installed"))
    func shippedSurveysValidate() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: CatalogFixture.surveysDirectory.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(
            names == [
                "care.yaml", "checkin.yaml", "nausea.yaml", "onboarding.yaml", "range-of-motion.yaml",
                "shoulder-range-of-motion.yaml", "tour.yaml",
            ])
        let documents = try names.map { name in
            let text = try String(
                contentsOf: CatalogFixture.surveysDirectory.appendingPathComponent(name), encoding: .utf8)
            guard case .success(let root?) = SurveyParser.parse(text) else { throw CocoaError(.fileReadCorruptFile) }
            return (name, root)
        }
        let output = try validate(documents)
        #expect(output == names.map { "\($0): ok" })
    }

    @Test(
        "schema validation rejects what the decoder rejects (typo, missing id, two formats)",
        .enabled(if: pythonJSONSchemaAvailable, "python3 with jsonschema is not installed"))
    func brokenSurveysFail() throws {
        let broken = [
            ("typo.yaml", "id: a\ntitel: A\nsteps: [{ instruction: x }]\n"),
            ("noid.yaml", "title: A\nsteps: [{ instruction: x }]\n"),
            ("twoformats.yaml", "id: a\ntitle: A\nsteps: [{ question: q, boolean: {}, scale: { min: 1, max: 2 } }]\n"),
        ]
        let documents = try broken.map { name, text in
            guard case .success(let root?) = SurveyParser.parse(text) else { throw CocoaError(.fileReadCorruptFile) }
            return (name, root)
        }
        let output = try validate(documents)
        #expect(output.count == 3)
        #expect(output.allSatisfy { $0.hasSuffix(": invalid") })
        for (name, text) in broken {
            #expect(
                !CatalogFixture.problems(try CatalogFixture.folder([name: text])).isEmpty, "\(name) should not load")
        }
    }

    /// Writes the documents as JSON and validates them with python's jsonschema; one "name: ok|invalid" per line.
    private func validate(_ documents: [(String, SurveyNode)]) throws -> [String] {
        let folder = try CatalogFixture.folder([:], named: "json")
        var arguments = ["-c", Self.validatorScript, Self.schemaURL.path]
        for (name, root) in documents {
            let url = folder.appendingPathComponent(name + ".json")
            try Data(Self.render(root.jsonValue).utf8).write(to: url)
            arguments.append(url.path)
        }
        let result = try Self.runPython(arguments)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map { line in
            String(line).replacingOccurrences(of: ".json:", with: ":")
        }.filter { !$0.hasPrefix("  ") }
    }

    static let validatorScript = """
        import json, sys, os, jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            errors = list(validator.iter_errors(json.load(open(path))))
            print(os.path.basename(path) + (": ok" if not errors else ": invalid"))
            for error in errors:
                print("  " + "/".join(str(p) for p in error.absolute_path) + ": " + error.message[:200])
        """

    static func runPython(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Renders the JSON tree as JSON text.
    static func render(_ value: JSONish) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? "\(number)" : "null"
        case .string(let text):
            let encoded = try? JSONEncoder().encode(text)
            return encoded.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { render(.string($0.0)) + ":" + render($0.1) }.joined(separator: ",") + "}"
        }
    }
}
