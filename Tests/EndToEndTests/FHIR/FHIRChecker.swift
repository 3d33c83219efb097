import Foundation
import Testing

/// scripts/check-fhir.py: parses exported resources with the Python `fhir.resources` R4 models (independent of
/// Regimen) and checks responses against their Questionnaire (docs/fhir-export.md, "Checking the output").
enum FHIRChecker {
    static var script: URL { RegimenProcess.packageRoot.appendingPathComponent("scripts/check-fhir.py") }

    /// Writes `text` to `name` in the sandbox and returns its URL.
    static func save(_ text: String, as name: String, in regimen: RegimenProcess) throws -> URL {
        let file = regimen.sandbox.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs the checker over `files` (responses checked against `questionnaire` when given); records a failure with
    /// the checker's words when it refuses one.
    static func check(_ files: [URL], questionnaire: URL? = nil, runner: RegimenProcess) throws {
        let arguments = (questionnaire.map { ["--questionnaire", $0.path] } ?? []) + files.map(\.path)
        let run = try runner.run([script.path] + arguments, program: try #require(RegimenProcess.python))
        #expect(run.status == 0, "check-fhir.py: \(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == files.count, "check-fhir.py: \(run.stdout)")
    }

    /// A JSON object from text.
    static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The items of a Questionnaire or response, depth first, as (linkId path, item).
    static func items(_ resource: [String: Any], path: [String] = []) -> [(path: [String], item: [String: Any])] {
        (resource["item"] as? [[String: Any]] ?? []).flatMap { item -> [(path: [String], item: [String: Any])] in
            let here = path + [item["linkId"] as? String ?? "?"]
            return [(here, item)] + items(item, path: here)
        }
    }

    /// Problems of a response against its Questionnaire: every item at a path the Questionnaire has, in its order;
    /// answers exactly one value[x] each and never empty.
    static func mirrorProblems(_ response: [String: Any], questionnaire: [String: Any]) -> [String] {
        let defined = items(questionnaire).map(\.path)
        var problems: [String] = []
        var last = -1
        for (path, item) in items(response) {
            guard let position = defined.firstIndex(of: path) else {
                problems.append("\(path.joined(separator: "/")) is not in the Questionnaire")
                continue
            }
            if position < last { problems.append("\(path.joined(separator: "/")) is out of order") }
            last = position
            let answers = item["answer"] as? [[String: Any]]
            if (answers == nil) == (item["item"] == nil) {
                problems.append("\(path.joined(separator: "/")): answer xor item")
            }
            for answer in answers ?? [] where answer.keys.filter({ $0.hasPrefix("value") }).count != 1 {
                problems.append("\(path.joined(separator: "/")): an answer without exactly one value[x]")
            }
            if answers?.isEmpty == true { problems.append("\(path.joined(separator: "/")): empty answer") }
        }
        return problems
    }
}
