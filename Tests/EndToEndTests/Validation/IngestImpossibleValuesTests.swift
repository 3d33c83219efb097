import Foundation
import Testing

/// `regimen ingest` and `regimen extract` of crafted result files, one per impossible value (issue 11 item 4): exactly
/// the impossible files are rejected with "file: place: reason", the possible ones in the same batch are stored.
@Suite("End to end: impossible values are refused by ingest and extract", .serialized)
struct IngestImpossibleValuesTests {
    /// A scheduled survey with one question of each checked kind.
    static let survey = """
        id: probe
        title: Probe
        schedule:
          - daily: { at: "08:00" }
        steps:
          - form: probe.form
            title: Probe
            items:
              - id: probe.form.effort
                text: Effort
                scale: { min: 0, max: 10, step: 2 }
              - id: probe.form.mood
                text: Mood
                continuousScale: { min: 0, max: 1, fractionDigits: 2, style: percent }
              - id: probe.form.steps
                text: Steps
                integer: { unit: steps, min: 0, max: 100000 }
              - id: probe.form.weight
                text: Weight
                decimal: { unit: kg, min: 20, max: 300, fractionDigits: 1 }
              - id: probe.form.amount
                text: Amount
                decimal: { unit: ml }
              - id: probe.form.trouble
                text: Trouble
                multipleChoice:
                  choices:
                    - { text: Pain, value: pain }
                    - { text: Stiffness, value: stiffness }
                    - { text: Nothing, value: none, exclusive: true }
              - id: probe.form.note
                text: Note
                freeText: { maxLength: 10 }
              - id: probe.form.surgery
                text: Surgery
                date: { min: "2020-01-01" }
          - question: probe.walk
            title: Walk
            timeInterval: { step: 5 }
        outcomes:
          - { kind: effort, path: probe.form/probe.form.effort, type: integer }
        """

    static func question(_ className: String, _ id: String, type: Int, _ answer: String, at end: String) -> String {
        #"{"_class": "\#(className)", "identifier": "\#(id)", "questionType": \#(type), \#(answer), "#
            + #""startDate": "\#(end)", "endDate": "\#(end)"}"#
    }

    static func effort(_ value: String, at end: String) -> String {
        question("ORKScaleQuestionResult", "probe.form.effort", type: 1, #""scaleAnswer": \#(value)"#, at: end)
    }

    /// A result of task probe: `form` are the form's question results; `walk` the interval question's answer key/value.
    static func result(run: Int, end: String, start: String? = nil, form: [String], walk: String? = nil) -> String {
        let begin = start ?? end
        let walkResult = question(
            "ORKTimeIntervalQuestionResult", "probe.walk", type: 12, walk ?? #""userInfo": {}"#, at: end)
        return """
            {"_class": "ORKTaskResult", "identifier": "probe", "taskRunUUID": "\(IngestSandbox.runUUID(run, salt: 11))",
             "startDate": "\(begin)", "endDate": "\(end)",
             "results": [
               {"_class": "ORKStepResult", "identifier": "probe.form", "startDate": "\(begin)", "endDate": "\(end)",
                "results": [\(form.joined(separator: ",\n"))]},
               {"_class": "ORKStepResult", "identifier": "probe.walk", "startDate": "\(begin)", "endDate": "\(end)",
                "results": [\(walkResult)]}]}
            """
    }

    /// Each impossible file: name, content, and the exact problem the summary must give after "name.json: ".
    static func impossibleFiles(end e: String) -> [(String, String, String)] {
        let effortPlace = "results[0].results[0].scaleAnswer (probe.form/probe.form.effort)"
        func one(_ run: Int, _ className: String, _ id: String, _ type: Int, _ answer: String) -> String {
            result(run: run, end: e, form: [effort("4", at: e), question(className, id, type: type, answer, at: e)])
        }
        func secondPlace(_ key: String, _ id: String) -> String { "results[0].results[1].\(key) (probe.form/\(id))" }
        return [
            (
                "effort-above", result(run: 10, end: e, form: [effort("12", at: e)]),
                "\(effortPlace): the answer is above the maximum 10"
            ),
            (
                "effort-off-step", result(run: 11, end: e, form: [effort("3", at: e)]),
                "\(effortPlace): the answer is not on the scale (steps of 2 from 0)"
            ),
            (
                "effort-fraction", result(run: 12, end: e, form: [effort("4.5", at: e)]),
                "\(effortPlace): the answer is not a whole number"
            ),
            (
                "mood-digits", one(13, "ORKScaleQuestionResult", "probe.form.mood", 1, #""scaleAnswer": 0.12345"#),
                "\(secondPlace("scaleAnswer", "probe.form.mood")): the answer has more than 2 decimal places"
            ),
            (
                "mood-below", one(14, "ORKScaleQuestionResult", "probe.form.mood", 1, #""scaleAnswer": -0.5"#),
                "\(secondPlace("scaleAnswer", "probe.form.mood")): the answer is below the minimum 0.00%"
            ),
            (
                "steps-fraction", one(15, "ORKNumericQuestionResult", "probe.form.steps", 6, #""numericAnswer": 10.5"#),
                "\(secondPlace("numericAnswer", "probe.form.steps")): the answer is not a whole number"
            ),
            (
                "steps-above", one(16, "ORKNumericQuestionResult", "probe.form.steps", 6, #""numericAnswer": 200000"#),
                "\(secondPlace("numericAnswer", "probe.form.steps")): the answer is above the maximum 100000 steps"
            ),
            (
                "weight-digits",
                one(17, "ORKNumericQuestionResult", "probe.form.weight", 5, #""numericAnswer": 72.25"#),
                "\(secondPlace("numericAnswer", "probe.form.weight")): the answer has more than 1 decimal place"
            ),
            (
                "amount-absurd",
                one(18, "ORKNumericQuestionResult", "probe.form.amount", 5, #""numericAnswer": 1e300"#),
                "\(secondPlace("numericAnswer", "probe.form.amount")): the answer is too large"
            ),
            (
                "trouble-unknown",
                one(
                    19, "ORKChoiceQuestionResult", "probe.form.trouble", 3,
                    #""choiceAnswers": ["pain", "jogging"]"#),
                "\(secondPlace("choiceAnswers", "probe.form.trouble")): the answer is not one of the choices"
            ),
            (
                "trouble-exclusive",
                one(
                    20, "ORKChoiceQuestionResult", "probe.form.trouble", 3,
                    #""choiceAnswers": ["pain", "none"]"#),
                "\(secondPlace("choiceAnswers", "probe.form.trouble")): Nothing cannot be combined with other choices"
            ),
            (
                "note-long",
                one(21, "ORKTextQuestionResult", "probe.form.note", 8, #""textAnswer": "my private words""#),
                "\(secondPlace("textAnswer", "probe.form.note")): the text has 16 characters, more than 10"
            ),
            (
                "surgery-early",
                one(
                    22, "ORKDateQuestionResult", "probe.form.surgery", 11,
                    #""dateAnswer": "2019-05-05T00:00:00+0000""#),
                "\(secondPlace("dateAnswer", "probe.form.surgery")): the answer is before the earliest date 2020-01-01"
            ),
            (
                "walk-off-step", result(run: 23, end: e, form: [effort("4", at: e)], walk: #""intervalAnswer": 420"#),
                "results[1].results[0].intervalAnswer (probe.walk/probe.walk): the answer is not a multiple of 5 minutes"
            ),
            (
                "wrong-class",
                result(
                    run: 24, end: e,
                    form: [
                        question(
                            "ORKBooleanQuestionResult", "probe.form.effort", type: 7, #""booleanAnswer": true"#, at: e)
                    ]),
                "results[0].results[0] (probe.form/probe.form.effort): the question records an ORKScaleQuestionResult, not this class"
            ),
            (
                "unknown-question", one(25, "ORKScaleQuestionResult", "probe.form.mystery", 1, #""scaleAnswer": 1"#),
                "results[0].results[1] (probe.form/probe.form.mystery): the survey's step has no such question, so the answer cannot be checked"
            ),
            (
                "ends-before-start",
                result(run: 26, end: e, start: "2026-11-12T09:00:00+0000", form: [effort("4", at: e)]),
                "endDate: the result ends before it starts (and 2 more problems)"
            ),
            (
                "ends-in-future",
                result(run: 27, end: "2026-12-01T08:00:00+0000", form: [effort("4", at: "2026-12-01T08:00:00+0000")]),
                "endDate: the result ends in the future (more than 10 minutes after now) (and 4 more problems)"
            ),
        ]
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("\(name).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func surveys(in sandbox: IngestSandbox) throws -> URL {
        let folder = try sandbox.folder("surveys")
        try Data(survey.utf8).write(to: folder.appendingPathComponent("probe.yaml"))
        return folder
    }

    @Test(
        "One batch: the 2 possible files are stored, each of the 18 impossible ones is rejected with its place and reason"
    )
    func batch() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let surveys = try Self.surveys(in: sandbox)
        #expect(try sandbox.run(["validate", surveys.path]).status == 0)
        let folder = try sandbox.folder("batch")
        let end = "2026-11-12T08:30:00+0000"
        let day1 = "2026-11-11T08:30:00+0000"
        let good = Self.result(
            run: 1, end: day1,
            form: [
                Self.effort("4", at: day1),
                Self.question("ORKScaleQuestionResult", "probe.form.mood", type: 1, #""scaleAnswer": 0.12"#, at: day1),
                Self.question(
                    "ORKNumericQuestionResult", "probe.form.steps", type: 6, #""numericAnswer": 5000"#, at: day1),
                Self.question(
                    "ORKNumericQuestionResult", "probe.form.weight", type: 5, #""numericAnswer": 72.5"#, at: day1),
                Self.question(
                    "ORKChoiceQuestionResult", "probe.form.trouble", type: 3,
                    #""choiceAnswers": ["pain", "stiffness"]"#, at: day1),
                Self.question("ORKTextQuestionResult", "probe.form.note", type: 8, #""textAnswer": "fine""#, at: day1),
                Self.question(
                    "ORKDateQuestionResult", "probe.form.surgery", type: 11,
                    #""dateAnswer": "2021-03-04T00:00:00+0000""#, at: day1),
            ], walk: #""intervalAnswer": 1800"#)
        _ = try Self.write(good, "good-1", in: folder)
        _ = try Self.write(Self.result(run: 2, end: end, form: [Self.effort("0", at: end)]), "good-2", in: folder)
        let impossible = Self.impossibleFiles(end: end)
        for (name, text, _) in impossible { _ = try Self.write(text, name, in: folder) }

        let result = try sandbox.run(["ingest", folder.path, "--surveys", surveys.path, "--store", sandbox.store])
        #expect(result.status == 65, "stderr: \(result.stderr)")
        #expect(
            result.stdout.contains("ingested 2, unchanged 0, replaced 0, superseded 0, rejected \(impossible.count)"),
            "\(result.stdout)")
        let rejectedLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(rejectedLines.count == impossible.count)
        for (name, _, problem) in impossible {
            #expect(
                result.stdout.contains("  \(folder.path)/\(name).json: \(problem)\n")
                    || result.stdout.hasSuffix("  \(folder.path)/\(name).json: \(problem)"), "\(name)")
        }
        #expect(!result.stdout.contains("good-"), "the possible files are not listed")
        #expect(!(result.stdout + result.stderr).contains("my private words"), "never echo an answer")
        let efforts = try sandbox.outcomeRows().compactMap { $0["value"] as? Double }.sorted()
        #expect(efforts == [0, 4])
    }

    @Test("A run that ended before the day its task's schedule starts in the store is rejected with both days")
    func beforeSchedule() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let surveys = try Self.surveys(in: sandbox)
        let folder = try sandbox.folder("first")
        let end = "2026-11-12T08:30:00+0000"
        let first = try Self.write(
            Self.result(run: 1, end: end, form: [Self.effort("4", at: end)]), "first", in: folder)
        #expect(
            try sandbox.run(["ingest", first.path, "--surveys", surveys.path, "--store", sandbox.store]).status == 0)
        let early = "2026-11-01T08:30:00+0000"
        let old = try Self.write(
            Self.result(run: 2, end: early, form: [Self.effort("2", at: early)]), "old", in: folder)
        let result = try sandbox.run(["ingest", old.path, "--surveys", surveys.path, "--store", sandbox.store])
        #expect(result.status == 65)
        #expect(
            result.stdout.contains(
                "old.json: endDate: the run ended on 2026-11-01, before the schedule of task 'probe' starts (2026-11-12)"
            ),
            "\(result.stdout)")
    }

    @Test("extract refuses an impossible file with the same place and reason as ingest, exit 65")
    func extract() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let surveys = try Self.surveys(in: sandbox)
        let folder = try sandbox.folder("one")
        let end = "2026-11-12T08:30:00+0000"
        let file = try Self.write(
            Self.result(run: 3, end: end, form: [Self.effort("12", at: end)]), "above", in: folder)
        let result = try sandbox.run(["extract", "--surveys", surveys.path, file.path])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "\(file.path): the result holds a value that cannot be true:\n"
                    + "  results[0].results[0].scaleAnswer (probe.form/probe.form.effort): the answer is above the maximum 10"
            ),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let fine = try Self.write(Self.result(run: 4, end: end, form: [Self.effort("6", at: end)]), "fine", in: folder)
        let shown = try sandbox.run(["extract", "--surveys", surveys.path, fine.path, "--format", "json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("effort"))
    }
}
