import Foundation
import Testing

/// Issue 17 items 2–4 through the built `regimen`: surveys answered from piped lines, exported as a Questionnaire,
/// a QuestionnaireResponse and Observations, each checked in Swift and by scripts/check-fhir.py.
@Suite(
    "End to end: FHIR export of surveys, results and outcomes", .serialized,
    .enabled(if: RegimenProcess.python != nil, "skipped: python3 is not on PATH, so check-fhir.py cannot run"))
struct FHIRExportCommandTests {
    /// The tour answered with every answer type: other free text, a skipped multi-line note, dates and a time.
    static let tourLines =
        "\nokay\n1, 4: my knee clicks\nyes\n\n6\n\nPlenty\n4200\n72.5\n\nABC-123\nLeft\n2026-01-15\n2026-12-01 09:30\n23:00\n"

    /// Runs `task` with `lines`, exports its survey and its result, checks both, and returns (questionnaire, response).
    static func runAndExport(_ task: String, lines: String, surveys: URL, regimen: RegimenProcess) throws -> (
        [String: Any], [String: Any]
    ) {
        let run = try regimen.run(
            ["run", task, "--surveys", surveys.path, "--results", regimen.results.path, "--store", regimen.store.path],
            input: lines)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let file = try #require(
            regimen.resultFiles().last { $0.lastPathComponent.contains(task) } ?? regimen.resultFiles().last)
        let exported = try regimen.run(["survey", "export", task, "--surveys", surveys.path, "--format", "fhir"])
        #expect(exported.status == 0, "stderr: \(exported.stderr)")
        let shown = try regimen.run(["result", "show", file.path, "--format", "fhir", "--surveys", surveys.path])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        let questionnaireFile = try FHIRChecker.save(exported.stdout, as: "\(task)-questionnaire.json", in: regimen)
        let responseFile = try FHIRChecker.save(shown.stdout, as: "\(task)-response.json", in: regimen)
        try FHIRChecker.check([questionnaireFile, responseFile], questionnaire: questionnaireFile, runner: regimen)
        let questionnaire = try FHIRChecker.object(exported.stdout)
        let response = try FHIRChecker.object(shown.stdout)
        #expect(
            FHIRChecker.mirrorProblems(response, questionnaire: questionnaire).isEmpty,
            "\(FHIRChecker.mirrorProblems(response, questionnaire: questionnaire))")
        #expect(
            response["questionnaire"] as? String
                == "\(questionnaire["url"] as? String ?? "")|\(questionnaire["version"] as? String ?? "")")
        #expect(response["status"] as? String == "completed")
        return (questionnaire, response)
    }

    @Test("checkin answered 4 and 8: a group holding the two integers, its id the run's UUID in lower case")
    func checkin() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try PipedParticipantTests.scheduledSurveys(in: regimen)
        let (_, response) = try Self.runAndExport("checkin", lines: "4\n8\n", surveys: surveys, regimen: regimen)
        let items = FHIRChecker.items(response)
        #expect(
            items.map { $0.path.joined(separator: "/") } == [
                "checkin.form", "checkin.form/checkin.form.pain", "checkin.form/checkin.form.sleep",
            ])
        #expect(items[1].item["answer"] as? [[String: Int]] == [["valueInteger": 4]])
        #expect(items[2].item["answer"] as? [[String: Int]] == [["valueInteger": 8]])
        let id = try #require(response["id"] as? String)
        #expect(id == id.lowercased() && UUID(uuidString: id) != nil)
        #expect(
            (response["authored"] as? String)?.range(
                of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$"#, options: .regularExpression) != nil)
    }

    @Test("the tour answered with every answer type: each value[x] as its item's type, the skipped note absent")
    func tour() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try PipedParticipantTests.scheduledSurveys(in: regimen)
        let (questionnaire, response) = try Self.runAndExport(
            "tour", lines: Self.tourLines, surveys: surveys, regimen: regimen)
        let answers = Dictionary(
            uniqueKeysWithValues: FHIRChecker.items(response).map {
                ($0.path.last!, $0.item["answer"] as? [[String: Any]] ?? [])
            })
        let keys = answers.mapValues { $0.flatMap(\.keys).sorted() }
        #expect(
            keys == [
                "tour.details": [], "tour.feeling": ["valueCoding"], "tour.trouble": ["valueCoding", "valueString"],
                "tour.walked": ["valueBoolean"], "tour.walk.minutes": ["valueDecimal"],
                "tour.details.effort": ["valueInteger"],
                "tour.details.energy": ["valueCoding"], "tour.details.steps": ["valueInteger"],
                "tour.details.weight": ["valueDecimal"],
                "tour.details.code": ["valueString"], "tour.details.side": ["valueString"],
                "tour.details.surgery": ["valueDate"],
                "tour.details.appointment": ["valueDateTime"], "tour.details.bedtime": ["valueTime"],
            ])
        #expect(answers["tour.trouble"]?.last?["valueString"] as? String == "my knee clicks")
        #expect(answers["tour.details.surgery"]?.first?["valueDate"] as? String == "2026-01-15")
        #expect(answers["tour.details.bedtime"]?.first?["valueTime"] as? String == "23:00:00")
        // Every question of the response is a question of the Questionnaire with the same type family.
        let types = Dictionary(
            uniqueKeysWithValues: FHIRChecker.items(questionnaire).map {
                ($0.path.last!, $0.item["type"] as? String ?? "")
            })
        #expect(types["tour.details.note"] == "text" && answers["tour.details.note"] == nil)
    }

    @Test(
        "outcomes --format fhir: one Observation per stored value, with --task, --kind, --from and --to as for the other formats"
    )
    func outcomes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try PipedParticipantTests.scheduledSurveys(in: regimen)
        _ = try Self.runAndExport("checkin", lines: "4\n8\n", surveys: surveys, regimen: regimen)
        _ = try Self.runAndExport("tour", lines: Self.tourLines, surveys: surveys, regimen: regimen)
        func bundle(_ filters: [String]) throws -> [[String: Any]] {
            let listed = try regimen.run(
                ["outcomes", "--surveys", surveys.path, "--store", regimen.store.path, "--format", "fhir"] + filters)
            #expect(listed.status == 0, "stderr: \(listed.stderr)")
            let file = try FHIRChecker.save(listed.stdout, as: "bundle-\(UUID().uuidString).json", in: regimen)
            try FHIRChecker.check([file], runner: regimen)
            let object = try FHIRChecker.object(listed.stdout)
            #expect(object["resourceType"] as? String == "Bundle" && object["type"] as? String == "collection")
            return (object["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        }
        func codes(_ observations: [[String: Any]]) -> [String] {
            observations.compactMap {
                (($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
            }
        }
        let rows =
            try PipedParticipantTests.outcomes(regimen, surveys: surveys, task: "checkin").count
            + PipedParticipantTests.outcomes(regimen, surveys: surveys, task: "tour").count
        let all = try bundle([])
        #expect(all.count == rows)
        for observation in all {
            #expect(observation["status"] as? String == "final")
            #expect(observation.keys.filter { $0.hasPrefix("value") }.count == 1)
            let reference = (observation["derivedFrom"] as? [[String: String]])?.first?["reference"]
            #expect(reference?.hasPrefix("QuestionnaireResponse/") == true)
        }
        #expect(Set(codes(try bundle(["--task", "checkin"]))) == ["checkin.form.pain", "checkin.form.sleep"])
        let sleep = try bundle(["--kind", "checkin.form.sleep"])
        #expect(sleep.count == 1)
        let quantity = try #require(sleep.first?["valueQuantity"] as? [String: Any])
        #expect(quantity["value"] as? Double == 8)
        #expect(quantity["unit"] as? String == "h" && quantity["code"] as? String == "h")
        #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
        #expect(try bundle(["--from", "2026-11-21", "--to", "2026-11-21"]).count == rows)
        #expect(try bundle(["--from", "2026-11-22"]).isEmpty)
    }

    @Test(
        "a tour kept to finish later: result show --format fhir of the kept file is an in-progress response with the answers so far"
    )
    func keptRun() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try PipedParticipantTests.scheduledSurveys(in: regimen)
        let quit = try regimen.run(
            ["run", "tour", "--surveys", surveys.path, "--store", regimen.store.path], input: "\nokay\nquit\ny\n")
        #expect(quit.status == 0, "stderr: \(quit.stderr)")
        let folder = regimen.home.appendingPathComponent("results/tour", isDirectory: true)
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".jsonl") })
        let shown = try regimen.run([
            "result", "show", folder.appendingPathComponent(kept).path, "--format", "fhir", "--surveys", surveys.path,
        ])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        let exported = try regimen.run(["survey", "export", "tour", "--surveys", surveys.path])
        let questionnaireFile = try FHIRChecker.save(exported.stdout, as: "tour-questionnaire.json", in: regimen)
        let responseFile = try FHIRChecker.save(shown.stdout, as: "tour-kept.json", in: regimen)
        try FHIRChecker.check([responseFile], questionnaire: questionnaireFile, runner: regimen)
        let response = try FHIRChecker.object(shown.stdout)
        #expect(response["status"] as? String == "in-progress")
        #expect(FHIRChecker.items(response).map(\.path) == [["tour.feeling"]])
    }

    @Test(
        "an unknown task, a result of a task the folder lacks, and --wide with fhir are refused with exit 64 and a reason"
    )
    func refusals() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = RegimenProcess.packageRoot.appendingPathComponent("surveys")
        let unknown = try regimen.run(["survey", "export", "nosuch", "--surveys", surveys.path])
        #expect(unknown.status == 64 && unknown.stderr.contains("no survey defines task 'nosuch'"), "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
        let run = try regimen.run(
            [
                "run", "coded", "--surveys", Self.codedSurveys.path, "--results", regimen.results.path,
                "--store", regimen.store.path,
            ], input: "\nSeveral days\n72.5\nyes\n\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let file = try #require(regimen.resultFiles().first)
        let shown = try regimen.run(["result", "show", file.path, "--format", "fhir", "--surveys", surveys.path])
        #expect(shown.status == 64 && shown.stderr.contains("no survey defines task 'coded'"), "\(shown.stderr)")
        let wide = try regimen.run([
            "outcomes", "--format", "fhir", "--wide", "--store", regimen.store.path, "--surveys",
            Self.codedSurveys.path,
        ])
        #expect(wide.status == 64 && wide.stderr.contains("--wide"), "\(wide.stderr)")
    }

    /// The project-made surveys written with the survey format's FHIR keys.
    static var codedSurveys: URL { RegimenProcess.packageRoot.appendingPathComponent("Tests/Fixtures/FHIRSurveys") }

    @Test(
        "a survey with the FHIR keys answered from piped lines: nested groups, codings, a time option; outcome codes on Observations"
    )
    func coded() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // intro, mood "Several days", weight 72.5, slept no, 6 hours, woke at the first time, the note left empty.
        let (questionnaire, response) = try Self.runAndExport(
            "coded", lines: "\nSeveral days\n72.5\nno\n6\n1\n\n", surveys: Self.codedSurveys, regimen: regimen)
        #expect(questionnaire["url"] as? String == "http://example.org/Questionnaire/coded")
        #expect(response["questionnaire"] as? String == "http://example.org/Questionnaire/coded|1.1")
        #expect(
            FHIRChecker.items(response).map { $0.path.joined(separator: "/") } == [
                "coded.mood", "coded.body", "coded.body/coded.body.weight", "coded.body/coded.body.sleep",
                "coded.body/coded.body.sleep/coded.body.sleep.slept",
                "coded.body/coded.body.sleep/coded.body.sleep.more",
                "coded.body/coded.body.sleep/coded.body.sleep.more/coded.body.sleep.hours",
                "coded.body/coded.body.sleep/coded.body.sleep.more/coded.body.sleep.woke",
            ])
        let listed = try regimen.run([
            "outcomes", "--surveys", Self.codedSurveys.path, "--store", regimen.store.path, "--format", "fhir",
        ])
        #expect(listed.status == 0, "stderr: \(listed.stderr)")
        try FHIRChecker.check(
            [try FHIRChecker.save(listed.stdout, as: "coded-bundle.json", in: regimen)], runner: regimen)
        let observations = (try FHIRChecker.object(listed.stdout)["entry"] as? [[String: Any]] ?? []).compactMap {
            $0["resource"] as? [String: Any]
        }
        let weight = try #require(
            observations.first { ($0["code"] as? [String: Any])?["text"] as? String == "coded.weight" })
        let coding = ((weight["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first
        #expect(coding?["system"] as? String == "http://loinc.org" && coding?["code"] as? String == "29463-7")
        let quantity = weight["valueQuantity"] as? [String: Any]
        #expect(quantity?["value"] as? Double == 72.5 && quantity?["code"] as? String == "kg")
        // The total of the chosen options' scores, coded LOINC 44261-6 in UCUM {score}.
        let total = try #require(
            observations.first { ($0["code"] as? [String: Any])?["text"] as? String == "coded.total" })
        #expect(
            (((total["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String) == "44261-6"
        )
        let score = total["valueQuantity"] as? [String: Any]
        #expect(score?["value"] as? Int == 1 && score?["code"] as? String == "{score}")
        // A coded choice's value is its concept.
        let mood = try #require(
            observations.first { ($0["code"] as? [String: Any])?["text"] as? String == "coded.mood" })
        let concept = mood["valueCodeableConcept"] as? [String: Any]
        #expect((concept?["coding"] as? [[String: Any]])?.first?["code"] as? String == "LA6569-3")
        #expect(concept?["text"] as? String == "Several days")
    }

    @Test(
        "the shared pair's questionnaire, as a survey, answered as the pair's response exports that response's items",
        .enabled(
            if: FileManager.default.fileExists(atPath: pairResponse.path),
            "skipped: ../shared/fixtures/fhir/pair is absent"))
    func pair() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let lines = "Yes\nNo, Yes\nYes\nNo, Yes\n4: offlist answer 1\nYes, 4: offlist answer 2\n"
        let (_, response) = try Self.runAndExport("yesno", lines: lines, surveys: Self.codedSurveys, regimen: regimen)
        let reference = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: Self.pairResponse)) as? [String: Any])
        let ours = try JSONSerialization.data(withJSONObject: response["item"] ?? [], options: .sortedKeys)
        let theirs = try JSONSerialization.data(withJSONObject: reference["item"] ?? [], options: .sortedKeys)
        #expect(ours == theirs, "\(String(decoding: ours, as: UTF8.self))")
    }

    /// The shared pair's QuestionnaireResponse (never copied into the repository).
    static let pairResponse = RegimenProcess.packageRoot
        .appendingPathComponent("../shared/fixtures/fhir/pair/lforms-qr-with-answerValueSet-radiobutton-checkbox.json")
        .standardizedFileURL

    @Test("every shipped survey exports a Questionnaire the checker accepts; losses are warnings and the exit is 0")
    func everyShippedSurvey() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = RegimenProcess.packageRoot.appendingPathComponent("surveys")
        var files: [URL] = []
        for task in ["checkin", "nausea", "onboarding", "rangeOfMotionCheck", "shoulderRangeOfMotion", "tour"] {
            let exported = try regimen.run(["survey", "export", task, "--surveys", surveys.path])
            #expect(exported.status == 0, "\(task): \(exported.stderr)")
            files.append(try FHIRChecker.save(exported.stdout, as: "\(task).json", in: regimen))
            if task == "tour" { #expect(exported.stderr.contains("warning: step tour.feeling: navigation rules")) }
        }
        try FHIRChecker.check(files, runner: regimen)
        let yaml = try regimen.run(["survey", "export", "checkin", "--surveys", surveys.path, "--format", "yaml"])
        #expect(
            yaml.stdout == (try String(contentsOf: surveys.appendingPathComponent("checkin.yaml"), encoding: .utf8)))
    }
}
