import Foundation
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

/// A folder of several broken files: loading reports every problem of every file at once
/// (docs/command-line-conventions.md, "Broken survey folders").
@Suite("Broken survey folders")
struct BrokenFolderTests {
    static let files: [String: String] = [
        "a-checkin.yaml": """
        id: checkin
        titel: Check In
        steps:
          - form: checkin.form
            items:
              - id: checkin.form.pain
                scale: { min: 1, max: 10 }
              - id: checkin.form.pain
                scale: { min: 0, max: 12 }
              - id: checkin.form.mood
                boolean: {}
                freeText: {}
        outcomes:
          - { kind: pain, path: checkin.form/checkin.form.pian }
        """,
        "b-syntax.yaml": """
        id: broken
        title: [unclosed
        steps: []
        """,
        "c-rules.yaml": """
        id: checkin
        title: Another
        steps:
          - instruction: intro
          - question: q1
            boolean: {}
          - instruction: intro
          - completion: done
        navigation:
          - after: intro
            goto: nowhere
          - after: q1
            rules:
              - when: { result: q2, booleanEquals: true }
                goto: done
              - when: { result: q1, textEquals: yes }
                goto: end
        skip:
          - step: missing
            when: { result: q1, isNil: true }
        outcomes:
          - { kind: x, path: intro }
        """,
        "d-types.yaml": """
        id: 42
        title: Types
        impactsAdherence: "no"
        steps:
          - instruction: a
            bullets: just one
          - questoin: b
          - consent: c
            sections: []
          - form: f
            items: []
        """,
        "e-empty.yaml": "",
        "README.md": "not a survey",
    ]

    @Test("every problem of every file is listed with file, path and reason, in file order")
    func everyProblem() throws {
        let folder = try CatalogFixture.folder(Self.files)
        let problems = CatalogFixture.problems(folder).map(\.description)
        #expect(
            problems == [
                #"surveys/a-checkin.yaml: unknown key "titel" (did you mean "title"?)"#,
                #"surveys/a-checkin.yaml: missing required key "title""#,
                #"surveys/a-checkin.yaml: steps[0].items[1].id: duplicate form item id "checkin.form.pain" (already used at steps[0].items[0])"#,
                #"surveys/a-checkin.yaml: steps[0].items[2]: only one answer format is allowed, found boolean and freeText"#,
                #"surveys/a-checkin.yaml: outcomes[0].path: step "checkin.form" has no result "checkin.form.pian""#,
                #"surveys/b-syntax.yaml: YAML syntax error at line 3, column 6: did not find expected ',' or ']' (while parsing a flow sequence at line 2)"#,
                #"surveys/c-rules.yaml: steps[2]: duplicate step id "intro" (already used at steps[0])"#,
                #"surveys/c-rules.yaml: navigation[0].goto: unknown step "nowhere" (use end to finish the task)"#,
                #"surveys/c-rules.yaml: navigation[1].rules[0].when.result: unknown step "q2""#,
                #"surveys/c-rules.yaml: navigation[1].rules[1].when.textEquals: must be a string, found a boolean (quote it)"#,
                #"surveys/c-rules.yaml: skip[0].step: unknown step "missing""#,
                #"surveys/c-rules.yaml: outcomes[0].path: step "intro" has no result "intro""#,
                #"surveys/c-rules.yaml: id: duplicate task id "checkin" (already used by surveys/a-checkin.yaml)"#,
                #"surveys/d-types.yaml: id: must be a string, found a number (quote it)"#,
                #"surveys/d-types.yaml: impactsAdherence: must be true or false, found a string"#,
                #"surveys/d-types.yaml: steps[0].bullets: must be a list, found a string"#,
                #"surveys/d-types.yaml: steps[1]: a step needs one of instruction, completion, question, form, consent, holding its id"#,
                #"surveys/d-types.yaml: steps[2].sections: must have at least one section"#,
                #"surveys/d-types.yaml: steps[2]: missing required key "reason""#,
                #"surveys/d-types.yaml: steps[2]: missing required key "version""#,
                #"surveys/d-types.yaml: steps[2]: missing required key "effective""#,
                #"surveys/d-types.yaml: steps[3].items: must have at least one item"#,
                #"surveys/e-empty.yaml: the file is empty"#,
            ])
    }

    @Test("problems carry the line they were found on")
    func lines() throws {
        let folder = try CatalogFixture.folder(Self.files)
        let problems = CatalogFixture.problems(folder)
        let lines = problems.filter { $0.file == "surveys/a-checkin.yaml" }.map(\.line)
        #expect(lines == [2, 1, 8, 10, 14])
        #expect(problems.first { $0.file == "surveys/b-syntax.yaml" }?.line == 3)
    }

    @Test("the error names the folder and renders one problem per line")
    func errorRendering() throws {
        let folder = try CatalogFixture.folder(["x.yaml": "id: x\n"])
        #expect(
            throws: CatalogError.invalidSurveys(
                directory: FilePath(folder.path),
                problems: [
                    CatalogProblem(file: "surveys/x.yaml", path: "", reason: #"missing required key "title""#, line: 1),
                    CatalogProblem(
                        file: "surveys/x.yaml", path: "",
                        reason: #"missing required key "steps" (or "predefined" or "health")"#, line: 1),
                ])
        ) {
            try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc)
        }
        let error = CatalogError.invalidSurveys(
            directory: FilePath(folder.path), problems: [CatalogProblem(file: "surveys/x.yaml", path: "a", reason: "b")]
        )
        #expect(error.description == "1 problem in survey folder \(folder.path)\nsurveys/x.yaml: a: b")
    }

    @Test("a missing folder and an empty folder are errors, not crashes")
    func folders() throws {
        let missing: FilePath = "/nonexistent/surveys"
        #expect(throws: CatalogError.unreadableDirectory(missing, reason: "no such folder")) {
            try Catalog.load(directory: missing, calendar: CatalogFixture.utc)
        }
        let empty = try CatalogFixture.folder(["notes.txt": "hello"])
        #expect(
            CatalogFixture.problems(empty).map(\.description) == ["surveys: no survey files (*.yaml, *.yml, *.json)"])
    }

    @Test("answer-format rules come from AnswerFormat.validationProblems(), prefixed with the item's path")
    func formatRulesArePrefixed() throws {
        let format = AnswerFormat.scale(ScaleFormat(minimum: 0, maximum: 10, step: 3))
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps:
              - form: f
                items:
                  - { id: a, boolean: {} }
                  - { id: b, scale: { min: 0, max: 10, step: 3 } }
            """)
        let expected = format.validationProblems().map { problem in
            let suffix = SurveyDecoder.surveyPath(forModelPath: problem.path)
            return "steps[0].items[1].scale\(suffix.isEmpty ? "" : "." + suffix): \(problem.reason)"
        }
        #expect(lines == expected)
        #expect(SurveyDecoder.surveyPath(forModelPath: "maximum") == "max")
        #expect(SurveyDecoder.surveyPath(forModelPath: "maximumFractionDigits") == "fractionDigits")
        #expect(SurveyDecoder.surveyPath(forModelPath: "choices[2].value") == "choices[2].value")
        #expect(SurveyDecoder.surveyPath(forModelPath: "") == "")
    }
}

@Suite("Problem cascades")
struct ProblemCascadeTests {
    @Test("a broken answer format is reported once, not again by the rules and outcomes naming it")
    func noCascade() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps:
              - question: q
                scale: { min: low, max: 5 }
              - form: f
                items:
                  - { id: i, integer: { min: none } }
              - completion: done
            navigation:
              - after: q
                rules:
                  - { when: { result: q, numberEquals: 3 }, goto: done }
            skip:
              - { step: done, when: { result: f/i, isNil: true } }
            outcomes:
              - { kind: a, path: q }
              - { kind: b, path: f/i, type: integer }
            """)
        #expect(
            lines == [
                "steps[0].scale.min: must be a whole number, found a string",
                "steps[1].items[0].integer.min: must be a number, found a string",
            ])
    }
}
