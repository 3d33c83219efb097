import Catalog
import Foundation
import SystemPackage
import Testing

/// Issue 17, "Done when": every questionnaire in the shared FHIR fixtures is imported with the built `regimen`,
/// validated, answered from piped lines (the walk's own choice of valid answers, every path up to a few), and exported
/// as a Questionnaire, a QuestionnaireResponse and a Bundle of Observations. Each export is parsed by an independent
/// FHIR model library (`scripts/check-fhir.py`, Python `fhir.resources`) and the response is checked against the
/// original questionnaire by `scripts/check-fhir-response.py` (nesting, order, enableWhen, types, units, required).
@Suite("FHIR fixtures: import, answer from a pipe, export, check independently", .serialized)
struct FHIRRoundTripTests {
    /// The shared fixtures (docs/test-fixtures.md), when present.
    static let fixtures = SurveyWalkTests.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/fixtures/fhir")

    /// The project's own questionnaires, made to hold every feature the import converts (always present).
    static let crafted = SurveyWalkTests.packageRoot.appendingPathComponent("Tests/Fixtures/FHIRQuestionnaires")

    /// The JSON files under `folder` holding a resource of `type`.
    static func resources(_ type: String, in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }
        return files.filter { url in
            guard let data = try? Data(contentsOf: url),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return false }
            return object["resourceType"] as? String == type
        }.sorted { $0.path < $1.path }
    }

    /// `--value-set CANONICAL=FILE` for each answerValueSet of `questionnaire` that names, by its last path segment
    /// (`[base]/ValueSet/[id]`), the id of a ValueSet file in the same folder — or, for a ValueSet without id or url
    /// (the shared pair's yes/no/don't know), the end of its file name.
    static func valueSetOptions(for questionnaire: URL) throws -> [String] {
        let folder = questionnaire.deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        var byID: [String: URL] = [:]
        for file in files where file.pathExtension == "json" {
            let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            guard object?["resourceType"] as? String == "ValueSet" else { continue }
            let name = file.deletingPathExtension().lastPathComponent
            byID[object?["id"] as? String ?? String(name.split(separator: "-").last ?? "")] = file
        }
        let text = try String(contentsOf: questionnaire, encoding: .utf8)
        let canonicals = Set(text.matches(of: /"answerValueSet"\s*:\s*"([^"#][^"]*)"/).map { String($0.output.1) })
        return canonicals.sorted().compactMap { canonical in
            byID[String(canonical.split(separator: "/").last ?? "")].map { "\(canonical)=\($0.path)" }
        }.flatMap { ["--value-set", $0] }
    }

    /// Every questionnaire: the crafted ones, then the shared fixtures' when they are there.
    static var questionnaires: [URL] {
        resources("Questionnaire", in: crafted) + resources("Questionnaire", in: fixtures)
    }

    @Test("The crafted questionnaires are there")
    func craftedPresent() {
        #expect(!Self.resources("Questionnaire", in: Self.crafted).isEmpty)
    }

    @Test(
        "The shared fixtures hold the questionnaires the round trip is meant to cover",
        .enabled(
            if: FileManager.default.fileExists(atPath: fixtures.path),
            "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func sharedPresent() {
        #expect(Self.resources("Questionnaire", in: Self.fixtures).count >= 16)
    }

    @Test("import, validate, run from a pipe, export, check", arguments: questionnaires)
    func roundTrip(_ source: URL) throws {
        let sandbox = try BinaryRun.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let valueSets = try Self.valueSetOptions(for: source)
        let surveys = sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: surveys, withIntermediateDirectories: true)
        let survey = surveys.appendingPathComponent("imported.yaml")
        let imported = try BinaryRun.regimen(
            ["survey", "import", source.path, "--lenient", "--output", survey.path] + valueSets, in: sandbox)
        try #require(imported.status == 0, "import: \(imported.stderr)")
        let validated = try BinaryRun.regimen(["validate", surveys.path], in: sandbox)
        #expect(validated.status == 0, "validate: \(validated.stdout)\(validated.stderr)")

        let catalog = try Catalog.load(directory: FilePath(surveys.path), calendar: SurveyWalkTests.utc)
        let entry = try #require(catalog.entries.first)
        let task = entry.taskIdentifier
        let common = ["--surveys", surveys.path, "--store", sandbox.appendingPathComponent("store.sqlite").path]
        let exported = sandbox.appendingPathComponent("questionnaire.json")
        let export = try BinaryRun.regimen(
            ["survey", "export", task, "--format", "fhir", "--surveys", surveys.path], in: sandbox)
        try #require(export.status == 0, "survey export: \(export.stderr)")
        try Data(export.stdout.utf8).write(to: exported)
        try BinaryRun.check([
            "scripts/check-fhir.py", try Self.withoutKeptInvalidId(exported, original: source, in: sandbox).path,
        ])
        // Items the import listed as not (fully) converted are left out of the comparisons with the original.
        let lossy = try Self.withDependants(
            Set(imported.stderr.matches(of: /: item (\S+):\s/).map { String($0.output.1) }), in: source)
        try checkSameItems(original: source, exported: exported, except: lossy)
        let original = sandbox.appendingPathComponent("original.json")
        try Self.write(Self.removing(lossy, from: source), to: original)

        let paths = try WalkPlan.paths(of: entry).prefix(3)
        for (index, path) in paths.enumerated() {
            let walk = try WalkPlan.run(entry, decisions: path.decisions, skipping: nil)
            let results = sandbox.appendingPathComponent("results-\(index)", isDirectory: true)
            let input = walk.lines.map(\.line).joined(separator: "\n") + "\n"
            let run = try BinaryRun.regimen(
                ["run", task, "--results", results.path, "--replace"] + common, input: input, in: sandbox)
            try #require(run.status == 0, "run of path \(index): \(run.stderr)")
            let file = try #require(
                try FileManager.default.contentsOfDirectory(at: results, includingPropertiesForKeys: nil).first)
            let show = try BinaryRun.regimen(
                ["result", "show", file.path, "--format", "fhir", "--surveys", surveys.path], in: sandbox)
            try #require(show.status == 0, "result show: \(show.stderr)")
            let response = sandbox.appendingPathComponent("response-\(index).json")
            try Data(show.stdout.utf8).write(to: response)
            // Against the exported questionnaire and against the original one: places, order, types, enableWhen, units.
            try BinaryRun.check(["scripts/check-fhir.py", "--questionnaire", exported.path, response.path])
            let kept = sandbox.appendingPathComponent("response-\(index)-converted-items.json")
            try Self.write(Self.removing(lossy, from: response), to: kept)
            try BinaryRun.check(["scripts/check-fhir.py", "--questionnaire", original.path, kept.path])
        }
        let outcomes = try BinaryRun.regimen(["outcomes", "--format", "fhir"] + common, in: sandbox)
        try #require(outcomes.status == 0, "outcomes: \(outcomes.stderr)")
        let bundle = sandbox.appendingPathComponent("bundle.json")
        try Data(outcomes.stdout.utf8).write(to: bundle)
        try BinaryRun.check(["scripts/check-fhir.py", bundle.path])
    }

    /// `exported`, or a copy without its `id` when that id is the original's and not a valid FHIR id
    /// (rkof-SliderExample's "Stanford University-slider-example"): import keeps such an id and export writes it back
    /// as it came (docs/fhir-import.md, "Ids"), so the export is as valid as its original and is checked for everything
    /// else.
    static func withoutKeptInvalidId(_ exported: URL, original: URL, in sandbox: URL) throws -> URL {
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: exported)) as? [String: Any])
        let source = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        guard let id = written["id"] as? String, id == source["id"] as? String,
            id.wholeMatch(of: /[A-Za-z0-9\-.]{1,64}/) == nil
        else { return exported }
        var copy = written
        copy["id"] = nil
        let file = sandbox.appendingPathComponent("questionnaire-checked.json")
        try Self.write(copy, to: file)
        return file
    }

    /// The resource in `file` without the items whose linkId is in `links` (in `item` and in `answer.item`, at any
    /// depth).
    static func removing(_ links: Set<String>, from file: URL) throws -> [String: Any] {
        // A group left with no items is left out too; FHIR has no empty arrays.
        func prune(_ value: Any) -> Any? {
            if let list = value as? [Any] {
                let kept = list.filter {
                    (($0 as? [String: Any])?["linkId"] as? String).map { !links.contains($0) } ?? true
                }
                .compactMap(prune)
                return kept.isEmpty ? nil : kept
            }
            if let object = value as? [String: Any] {
                let pruned = object.compactMapValues(prune)
                let emptied = object["item"] != nil && pruned["item"] == nil && pruned["answer"] == nil
                return emptied ? nil : pruned
            }
            return value
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        return try #require(prune(object) as? [String: Any])
    }

    /// `links` and every item whose enableWhen names one of them, over and over (their checks would test a missing
    /// item).
    static func withDependants(_ links: Set<String>, in questionnaire: URL) throws -> Set<String> {
        var conditions: [String: [String]] = [:]
        func index(_ items: [[String: Any]]) {
            for item in items {
                let questions = (item["enableWhen"] as? [[String: Any]] ?? []).compactMap { $0["question"] as? String }
                if let link = item["linkId"] as? String { conditions[link] = questions }
                index(item["item"] as? [[String: Any]] ?? [])
            }
        }
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: questionnaire)) as? [String: Any])
        index(object["item"] as? [[String: Any]] ?? [])
        var result = links
        while let next = conditions.first(where: {
            !result.contains($0.key) && $0.value.contains(where: result.contains)
        }) {
            result.insert(next.key)
        }
        return result
    }

    static func write(_ object: [String: Any], to file: URL) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    /// Import then export keeps the items the import converted: every exported item is the original's at the same
    /// place (same parents, same order), of the same type — a choice's options with the same value[x] kinds and codes.
    private func checkSameItems(
        original: URL, exported: URL, except lossy: Set<String>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        func items(_ url: URL) throws -> [[String: Any]] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            return object["item"] as? [[String: Any]] ?? []
        }
        func table(
            _ list: [[String: Any]], parents: [String],
            into result: inout [String: (parents: [String], item: [String: Any])]
        ) {
            for item in list {
                let link = item["linkId"] as? String ?? ""
                result[link] = (parents, item)
                table(item["item"] as? [[String: Any]] ?? [], parents: parents + [link], into: &result)
            }
        }
        var before: [String: (parents: [String], item: [String: Any])] = [:]
        var after: [String: (parents: [String], item: [String: Any])] = [:]
        table(try items(original), parents: [], into: &before)
        table(try items(exported), parents: [], into: &after)
        for (link, exportedItem) in after {
            guard let originalItem = before[link], !lossy.contains(link) else { continue }  // listed by the import
            #expect(exportedItem.parents == originalItem.parents, "\(link): parents", sourceLocation: sourceLocation)
            let type = originalItem.item["type"] as? String
            let converted = exportedItem.item["type"] as? String
            // R4 lets integer, date, time and string items carry answerOptions; the survey asks them as choices, and
            // the export writes them as the choice items they are (docs/fhir-export.md, "Round trip with import").
            let optionsItem = originalItem.item["answerOption"] != nil && converted == "choice"
            let same = type == converted || optionsItem
            #expect(same, "\(link): \(type ?? "?") became \(converted ?? "?")", sourceLocation: sourceLocation)
            // The prefix apart from the text, repeats, and the codes of questions and groups come back as they came.
            func codes(_ item: [String: Any]) -> [String] {
                (item["code"] as? [[String: Any]] ?? []).map {
                    "\($0["system"] as? String ?? "")|\($0["code"] as? String ?? "")"
                }
            }
            #expect(
                exportedItem.item["prefix"] as? String == originalItem.item["prefix"] as? String, "\(link): prefix",
                sourceLocation: sourceLocation)
            #expect(
                exportedItem.item["text"] as? String == originalItem.item["text"] as? String,
                "\(link): text", sourceLocation: sourceLocation)
            #expect(
                (exportedItem.item["repeats"] as? Bool ?? false) == (originalItem.item["repeats"] as? Bool ?? false),
                "\(link): repeats", sourceLocation: sourceLocation)
            #expect(
                codes(exportedItem.item) == codes(originalItem.item), "\(link): code", sourceLocation: sourceLocation)
            if let options = originalItem.item["answerOption"] as? [[String: Any]],
                let kept = exportedItem.item["answerOption"] as? [[String: Any]]
            {
                func codes(_ list: [[String: Any]]) -> [String] {
                    list.map { option in
                        let key = option.keys.first { $0.hasPrefix("value") } ?? ""
                        let value = option[key]
                        let code = (value as? [String: Any])?["code"] ?? value
                        return "\(key)=\(code.map { "\($0)" } ?? "")"
                    }
                }
                #expect(
                    Array(codes(kept).prefix(options.count)) == codes(options), "\(link): options",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

/// The built `regimen` and the repository's check scripts, run as child processes with pinned time and zone.
enum BinaryRun {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func sandbox() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-fhir-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `regimen arguments…` in `sandbox` (its home there), at the walk's pinned day, UTC.
    static func regimen(_ arguments: [String], input: String = "", in sandbox: URL) throws -> Outcome {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "regimen")
        return try run(binary, arguments, input: input, in: sandbox)
    }

    /// Runs a repository script (path relative to the package root); a non-zero exit fails the test with its output.
    static func check(_ command: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let script = SurveyWalkTests.packageRoot.appendingPathComponent(command[0])
        let outcome = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + command.dropFirst(), input: "", in: nil)
        #expect(
            outcome.status == 0, "\(command.joined(separator: " ")): \(outcome.stdout)\(outcome.stderr)",
            sourceLocation: sourceLocation)
    }

    private static func run(_ program: URL, _ arguments: [String], input: String, in sandbox: URL?) throws -> Outcome {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let sandbox {
            process.currentDirectoryURL = sandbox
            environment["REGIMEN_HOME"] = sandbox.appendingPathComponent("home").path
        }
        environment["REGIMEN_NOW"] = "2026-11-18T08:04:00Z"
        environment["TZ"] = "UTC"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let folder = try sandbox ?? Self.sandbox()
        let output = folder.appendingPathComponent("out-\(UUID().uuidString)")
        let errors = folder.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
            if sandbox == nil { try? FileManager.default.removeItem(at: folder) }
        }
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: try String(contentsOf: output, encoding: .utf8),
            stderr: try String(contentsOf: errors, encoding: .utf8))
    }
}
