import Foundation
import Testing

/// A study whose diary asks questions under conditions of every kind survey files have — a navigation rule (a jump
/// forward and an early end), a skip rule, `enabledWhen` on an item and on a group, boolean, number (equal, strict
/// bound), choice (single and multiple), answered, text equal, `not`, `all` and `any`, and the inexpressible regular
/// expression and FHIRPath expression — with hostile texts: quotes, commas, a line break, `|`, non-Latin scripts and
/// a 2,000-character question. Two participants answer it at a pipe and are ingested (docs/redcap.md,
/// docs/deidentified-exports.md).
enum DiaryStudy {
    static let labels = [("p-anastasia-01", "Europe/Berlin"), ("p-rajesh-02", "Asia/Kathmandu")]
    /// The free-text answer: it must never reach a de-identified file.
    static let note = #"zebra-Ана, "quoted" 痛い"#
    /// The date answer (later than every event, so no moved date can equal it).
    static let started = "2026-05-01"
    static let longText = String(repeating: "длинный ", count: 250)

    static let survey = #"""
        id: diary
        title: Diary
        schedule:
          - daily: { at: "08:00" }
        steps:
          - question: walked
            questionText: Did you walk today?
            optional: false
            boolean: {}
          - question: minutes
            questionText: "Minutes walked, \"roughly\": \#(longText)"
            optional: false
            integer: { min: 0, max: 600 }
          - form: day
            items:
              - id: pain
                text: "Pain, \"as you'd say it\"\nover the day: Боль 痛み"
                optional: false
                integer: { min: 0, max: 10 }
              - id: worse
                text: What made it worse?
                enabledWhen: { result: day/pain, numberInRange: { min: 6, minExclusive: true } }
                singleChoice: { choices: [{ text: "Walking, stairs", value: walking }, { text: "Sitting | lying", value: sitting }, { text: "Другое 他の", value: "Other thing" }] }
              - id: symptoms
                text: Symptoms
                multipleChoice: { choices: [{ text: Cough, value: cough }, { text: Fever, value: fever }, { text: None, value: none, exclusive: true }] }
              - group: more
                text: More
                enabledWhen: { not: { result: day/symptoms, choicesInclude: [none] } }
                items:
                  - id: note
                    text: Anything else?
                    freeText: {}
                  - id: started
                    text: When did it start?
                    enabledWhen: { result: day/symptoms, isAnswered: true }
                    date: {}
          - question: sleep
            questionText: Hours of sleep
            optional: false
            integer: { min: 0, max: 24 }
          - question: nap
            questionText: Did you nap?
            boolean: {}
          - question: tired
            questionText: Are you worn out?
            boolean: {}
          - question: rested
            questionText: Do you feel rested?
            boolean: {}
        navigation:
          - after: walked
            rules:
              - when: { result: walked, booleanEquals: false }
                goto: day
          - after: sleep
            rules:
              - when: { any: [{ result: day/pain, numberEquals: 0 }, { result: day/note, textEquals: "it's fine" }] }
                goto: end
        skip:
          - step: tired
            when: { result: day/note, textMatches: ".*zebra.*" }
          - step: rested
            when: { expression: "%resource.item.where(linkId = 'sleep').answer.value > 8" }
        outcomes:
          - { kind: walked, path: walked, type: boolean }
          - { kind: minutes, path: minutes, type: integer }
          - { kind: pain, path: day/pain, type: integer }
          - { kind: worse, path: day/worse, type: text }
          - { kind: symptoms, path: day/symptoms, type: text }
          - { kind: note, path: day/note, type: text }
          - { kind: started, path: day/started, type: date }
          - { kind: sleep, path: sleep, type: integer }
          - { kind: nap, path: nap, type: boolean }
          - { kind: tired, path: tired, type: boolean }
          - { kind: rested, path: rested, type: boolean }

        """#

    /// A walk, pain 7 made worse by walking, cough and fever, the note and start date, 7 hours of sleep, a nap, no rest.
    static let fullDay = "yes\n30\n7\n1\n1,2\n\(note)\n\(started)\n7\nyes\nno\n"
    /// No walk, no pain, no symptoms, 9 hours of sleep: the diary ends after sleep.
    static let quietDay = "no\n0\n3\n9\n"

    /// Initializes `study` (each command names it), enrolls both participants on 2026-03-25 and publishes the check-in
    /// and the diary; with `answers`, the first answers a full and a quiet day, the second a quiet day, and all is
    /// ingested at 2026-04-01.
    static func make(_ scenario: inout StudyScenario, study: String, answers: Bool) throws {
        try survey.write(to: scenario.surveys.appendingPathComponent("diary.yaml"), atomically: true, encoding: .utf8)
        try scenario.expect(["study", "init", "--study", study], status: 0)
        for (label, zone) in labels {
            try scenario.expect(
                ["study", "enroll", label, "--zone", zone, "--enrolled", "2026-03-25", "--study", study], status: 0)
        }
        try scenario.expect(
            ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0", "--study", study],
            status: 0)
        guard answers else { return }
        let days = [
            (labels[0], "2026-03-26", fullDay), (labels[0], "2026-03-27", quietDay),
            (labels[1], "2026-03-26", quietDay),
        ]
        for ((label, zone), day, input) in days {
            let instant = try StudyScenario.instant(day: day, hour: 9, zone: zone)
            let run = try scenario.regimen(
                [
                    "run", "diary", "--surveys", scenario.surveys.path, "--results",
                    scenario.export.appendingPathComponent(label).path, "--store",
                    scenario.sandbox.appendingPathComponent("\(label).sqlite").path,
                ], input: input, now: instant, zone: zone)
            #expect(run.status == 0, "\(label) \(day): \(run.stderr)")
        }
        scenario.now = "2026-04-01T00:00:00Z"
        try scenario.expect(
            [
                "study", "ingest", "--export-folder", scenario.export.path, "--surveys", scenario.surveys.path,
                "--study", study,
            ],
            status: 0)
    }

    /// Runs a Python checker of `Scripts/` on `arguments`; its exit status and standard output.
    static func python(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = RegimenProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Scripts/\(script)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
