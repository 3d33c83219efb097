import Foundation
import Testing

/// `study dictionary --format redcap` and `study export --format redcap` (docs/redcap.md), checked by an independent
/// script against REDCap's documented column set, field types, choices, validation and branching-logic grammar
/// (`Scripts/redcap-check.py`): the branching logic of every condition kind the diary has, the conditions REDCap
/// cannot express listed, and an import file whose every value fits its field.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct REDCapExportTests {
    /// The logic each diary field must get: a jump forward negated, a strict bound, a group's `not` of a checkbox
    /// choice, a group's and an item's conditions together (answered, on a checkbox), and an early end negated
    /// (`any` of a number and a text holding a quote, so a number's negation names its empty answer).
    static let expectedLogic = [
        "walked": "", "minutes": "[walked] <> '0'", "pain": "", "worse": "[pain] > 6", "symptoms": "",
        "note": "[symptoms(none)] = '0'",
        "started":
            "[symptoms(none)] = '0' and ([symptoms(cough)] = '1' or [symptoms(fever)] = '1' or [symptoms(none)] = '1')",
        "sleep": "", "nap": #"([pain] <> 0 or [pain] = '') and [note] <> "it's fine""#,
        "tired": "", "rested": "",
    ]

    @Test func theDictionaryFollowsREDCapsRulesWithBranchingLogicAndListsWhatItCannotExpress() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            try DiaryStudy.make(&scenario, study: "knee", answers: false)
            let run = try scenario.expect(["study", "dictionary", "--format", "redcap", "--study", "knee"], status: 0)
            let file = scenario.sandbox.appendingPathComponent("redcap-dictionary.csv")
            try run.stdout.write(to: file, atomically: true, encoding: .utf8)
            let check = try DiaryStudy.python("redcap-check.py", [file.path])
            try #require(check.status == 0, "\(check.output)")
            // The checker is not blind: a type REDCap lacks and logic naming no field are refused.
            let broken = scenario.sandbox.appendingPathComponent("broken.csv")
            try run.stdout.replacingOccurrences(of: ",yesno,", with: ",boolean,")
                .replacingOccurrences(of: "[walked] <> '0'", with: "[walk] <> '0'")
                .write(to: broken, atomically: true, encoding: .utf8)
            let refused = try DiaryStudy.python("redcap-check.py", [broken.path])
            #expect(refused.status == 1 && refused.output.contains("'boolean'") && refused.output.contains("'walk'"))
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
            let logic = try #require(report["logic"] as? [String: String])
            let types = try #require(report["types"] as? [String: String])
            for (field, expected) in Self.expectedLogic {
                #expect(logic[field] == expected, "\(field): \(logic[field] ?? "missing")")
            }
            #expect(types["walked"] == "yesno" && types["worse"] == "radio" && types["symptoms"] == "checkbox")
            #expect(types["note"] == "notes" && types["pain"] == "text" && types["started"] == "text")
            #expect(Array(logic.keys).contains("checkin_form_pain"))
            // The two REDCap cannot express are listed with their reasons, and nothing else is.
            let listed = run.stderr.split(separator: "\n").map(String.init)
            #expect(listed.count == 2, "\(run.stderr)")
            #expect(listed.contains { $0.contains("tired") && $0.contains("a regular expression") }, "\(run.stderr)")
            #expect(listed.contains { $0.contains("rested") && $0.contains("an expression") }, "\(run.stderr)")
            // Hostile texts survive as labels: the quote, the line break, the scripts, the long question; the choice
            // holding `|` is written without it, and the value that is no REDCap code is numbered.
            let rows = CSVRows.parse(run.stdout)
            let pain = try #require(rows.first { $0.first == "pain" })
            #expect(pain[4] == "Pain, \"as you'd say it\"\nover the day: Боль 痛み")
            let minutes = try #require(rows.first { $0.first == "minutes" })
            #expect(minutes[4].count > 2_000)
            let worse = try #require(rows.first { $0.first == "worse" })
            #expect(worse[5] == "1, Walking, stairs | 2, Sitting / lying | 3, Другое 他の")
            let symptoms = try #require(rows.first { $0.first == "symptoms" })
            #expect(symptoms[5] == "cough, Cough | fever, Fever | none, None")

            // De-identified, the free-text field is left out, and the logic that named it is listed instead.
            let plain = try scenario.expect(
                ["study", "dictionary", "--format", "redcap", "--deidentify", "--study", "knee"], status: 0)
            #expect(!CSVRows.parse(plain.stdout).contains { $0.first == "note" })
            #expect(plain.stderr.contains("nap"), "\(plain.stderr)")
        }
    }

    @Test func theImportFileHasARowPerParticipantAndCompletedEventThatFitsTheDictionary() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            try DiaryStudy.make(&scenario, study: "knee", answers: true)
            let out = scenario.sandbox.appendingPathComponent("redcap-out")
            try scenario.expect(
                ["study", "export", "--format", "redcap", "--out", out.path, "--study", "knee"], status: 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names == ["manifest.json", "redcap-branching.csv", "redcap-dictionary.csv", "redcap-import.csv"])
            let check = try DiaryStudy.python(
                "redcap-check.py",
                [
                    out.appendingPathComponent("redcap-dictionary.csv").path,
                    out.appendingPathComponent("redcap-import.csv").path,
                ])
            try #require(check.status == 0, "\(check.output)")
            let records = CSVRows.records(
                try String(contentsOf: out.appendingPathComponent("redcap-import.csv"), encoding: .utf8))
            // Two participant rows, and three diary events answered (no check-in was).
            #expect(records.count == 2 + 3, "\(records)")
            let full = try #require(records.first { $0["walked"] == "1" })
            #expect(full["record_id"] == "p-anastasia-01" && full["redcap_repeat_instrument"] == "diary")
            #expect(full["redcap_repeat_instance"] == "1" && full["diary_day"] == "2")
            #expect(full["diary_start"] == "2026-03-26 08:00:00")
            #expect(full["worse"] == "1" && full["symptoms___cough"] == "1" && full["symptoms___none"] == "0")
            #expect(full["note"] == DiaryStudy.note && full["started"]?.hasPrefix(DiaryStudy.started) == true)
            #expect(full["diary_complete"] == "2")
            let quiet = records.filter { $0["record_id"] == "p-anastasia-01" && $0["walked"] == "0" }
            #expect(quiet.map { $0["redcap_repeat_instance"] } == ["2"])
            let branching = CSVRows.records(
                try String(contentsOf: out.appendingPathComponent("redcap-branching.csv"), encoding: .utf8))
            #expect(Set(branching.compactMap { $0["variable"] }) == ["tired", "rested"])
        }
    }
}
