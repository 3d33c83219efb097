import Foundation
import OutcomeMapping
import ResearchTasks
import Testing

@testable import Catalog

/// The survey-format keys that carry FHIR R4 Questionnaire content (surveys/README.md, "FHIR").
@Suite("FHIR survey-format keys")
struct FHIRFormatDecodingTests {
    static let phq = """
        id: phq
        title: PHQ
        fhir:
          url: http://loinc.org/vs/44249-1
          version: "2.0"
          name: PHQ9
          status: active
          code: [{ system: http://loinc.org, code: 44249-1, display: PHQ-9 }]
        steps:
          - question: mood
            code: [{ code: m1 }]
            singleChoice:
              choices:
                - { text: Good, coding: { system: http://loinc.org, code: LA1 }, score: 0 }
                - { text: Bad, value: bad, coding: { code: LA2, display: Bad }, score: 2.5 }
          - form: f
            items:
              - id: q1
                text: Interest
                code: [{ system: http://loinc.org, code: 44250-9, display: Interest }]
                singleChoice:
                  choices:
                    - { text: Not at all, coding: { system: http://loinc.org, code: LA6568-5 }, score: 0 }
                    - { text: Several days, coding: { system: http://loinc.org, code: LA6569-3 }, score: 1 }
              - group: more
                text: Some more
                enabledWhen: { result: f/q1, choicesInclude: [LA6569-3] }
                items:
                  - id: q2
                    enabledWhen: { any: [{ result: f/q1, isNil: false }, { result: mood, choicesInclude: [bad] }] }
                    integer: { min: 0, max: 10, unit: kg, unitCode: { system: http://unitsofmeasure.org, code: kg } }
                  - group: deeper
                    items:
                      - section: Inner
                      - { id: q3, text: When, singleChoice: { choices: [{ text: Noon, value: "12:00", optionType: time }, { text: New year, value: "2025-01-01", optionType: date }] } }
                  - id: q4
                    enabledWhen: { result: f/q2, numberInRange: { min: 1, max: 5, minExclusive: true, maxExclusive: true } }
                    multipleChoice: { choices: [{ text: A, score: 1 }, { text: B, score: 2 }] }
        outcomes:
          - { kind: q1, path: f/q1, type: text, code: { system: http://loinc.org, code: 44250-9 } }
          - kind: total
            sum: [f/q1, f/q4]
            units: "{score}"
            code: { system: http://loinc.org, code: 44261-6, display: PHQ-9 total score }
          - { kind: mixed, sum: [mood, f/q1] }
        """

    @Test("the fhir block, codes, codings, scores, option types, unit codes, groups and enabledWhen decode")
    func everyKeyDecodes() throws {
        let entry = try CatalogFixture.entry(Self.phq)
        #expect(
            entry.fhir
                == SurveyFHIRMetadata(
                    url: "http://loinc.org/vs/44249-1", version: "2.0", name: "PHQ9", status: .active,
                    codes: [Coding(system: "http://loinc.org", code: "44249-1", display: "PHQ-9")]
                ))
        guard case .question(let mood) = entry.task.steps[0].content,
            case .textChoice(let moodFormat) = mood.answerFormat
        else {
            Issue.record("mood is not a choice question")
            return
        }
        #expect(mood.codes == [Coding(code: "m1")])
        #expect(moodFormat.choices.map(\.value) == [.string("LA1"), .string("bad")])
        #expect(moodFormat.choices.map(\.score) == [0, 2.5])
        #expect(moodFormat.choices[1].coding == Coding(code: "LA2", display: "Bad"))

        guard case .form(let form) = entry.task.steps[1].content else {
            Issue.record("f is not a form")
            return
        }
        #expect(form.items.map(\.identifier) == ["q1", "q2", "q3", "q4"])
        #expect(form.items[0].codes == [Coding(system: "http://loinc.org", code: "44250-9", display: "Interest")])
        guard case .group(let more) = form.elements[1] else {
            Issue.record("the second element is not a group")
            return
        }
        #expect(more.identifier == "more" && more.text == "Some more")
        #expect(
            more.enabledWhen
                == .result(
                    ResultSelector(stepIdentifier: "f", resultIdentifier: "q1"), .choicesInclude([.string("LA6569-3")]))
        )
        #expect(
            form.items[1].enabledWhen
                == .or([
                    .not(.result(ResultSelector(stepIdentifier: "f", resultIdentifier: "q1"), .isNil)),
                    .result(ResultSelector(resultIdentifier: "mood"), .choicesInclude([.string("bad")])),
                ]))
        #expect(
            form.items[1].answerFormat
                == .numeric(
                    NumericFormat(
                        style: .integer, unit: "kg", minimum: 0, maximum: 10,
                        unitCode: Coding(system: "http://unitsofmeasure.org", code: "kg")
                    )))
        guard case .textChoice(let when) = form.items[2].answerFormat else {
            Issue.record("q3 is not a choice")
            return
        }
        #expect(when.choices.map(\.optionType) == [.time, .date])
        #expect(
            form.items[3].enabledWhen
                == .result(
                    ResultSelector(stepIdentifier: "f", resultIdentifier: "q2"),
                    .numberInRange(minimum: 1, maximum: 5, minimumExclusive: true, maximumExclusive: true)
                ))
        #expect(form.sectionTitles(forItem: "q1") == [])
        #expect(form.sectionTitles(forItem: "q2") == ["Some more"])
        #expect(form.sectionTitles(forItem: "q3") == ["Some more", "Inner"])
        #expect(form.sectionTitles(forItem: "q4") == ["Some more"])
        #expect(form.enablingConditions(atItem: 2) == [more.enabledWhen!])
        #expect(form.enablingConditions(atItem: 1) == [more.enabledWhen!, form.items[1].enabledWhen!])

        #expect(entry.outcomes.map(\.kind) == ["q1", "total", "mixed"])
        #expect(entry.outcomes[0].code == Coding(system: "http://loinc.org", code: "44250-9"))
        #expect(entry.outcomes[1].source == .sum([ResultPath("f/q1")!, ResultPath("f/q4")!]))
        #expect(entry.outcomes[1].type == .integer)
        #expect(entry.outcomes[1].units == "{score}")
        #expect(
            entry.outcomes[1].code == Coding(system: "http://loinc.org", code: "44261-6", display: "PHQ-9 total score"))
        #expect(entry.outcomes[2].type == .double)
        let extractor = try #require(entry.declarativeExtractor)
        // `sum:` is the score rule "the chosen options' scores added up, every item answered" over the survey's task.
        #expect(
            extractor.entries[1].score
                == ScoreRule(
                    expression: ScoreRule.sumOfItemScores, task: entry.task,
                    missing: MissingItemsRule(items: [ResultPath("f/q1")!, ResultPath("f/q4")!], atLeast: 2)))
        #expect(extractor.entries[1].valueType == .integer && !extractor.entries[1].isRequired)
        #expect(extractor.entries[0].score == nil)
    }

    @Test("strict date bounds decode; a strict flag without its bound is reported")
    func strictDateBounds() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            steps:
              - { question: d, date: {} }
              - { instruction: i }
            skip:
              - { step: i, when: { result: d, dateInRange: { min: 2024-01-01, minExclusive: true } } }
            """)
        #expect(
            entry.task.skipRules["i"]?.predicate
                == .result(
                    ResultSelector(resultIdentifier: "d"),
                    .dateInRange(minimum: CatalogFixture.date(2024, 1, 1), maximum: nil, minimumExclusive: true)
                ))
        #expect(
            try CatalogFixture.problemLines(
                """
                id: t
                title: T
                steps:
                  - { question: n, integer: {} }
                  - { instruction: i }
                skip:
                  - { step: i, when: { result: n, numberInRange: { min: 1, maxExclusive: true } } }
                """) == ["skip[0].when.numberInRange.maxExclusive: needs max"])
    }

    @Test("prefix, itemControl, fhirType, a form's and a group's code, the fhir id and textInRange decode")
    func itemDetails() throws {
        let entry = try CatalogFixture.entry(
            """
            id: intake-form
            title: Intake
            fhir: { id: intake form }
            steps:
              - { instruction: intro, prefix: "1", text: Welcome }
              - { question: site, prefix: "2", title: Web site, itemControl: text-box, fhirType: url, freeText: {} }
              - form: g
                prefix: "5"
                code: [{ system: http://loinc.org, code: 73741-1 }]
                itemControl: page
                items:
                  - { id: weight, prefix: "5.1", fhirType: quantity, decimal: { unitCode: { system: http://unitsofmeasure.org, code: g } } }
                  - group: inner
                    prefix: "5.2"
                    code: [{ code: 54108-6 }]
                    items:
                      - { id: name, freeText: {} }
                  - { id: late, enabledWhen: { result: g/name, textInRange: { min: M, minExclusive: true } }, boolean: {} }
            """)
        #expect(entry.fhir?.id == "intake form")
        let steps = entry.task.steps
        #expect(steps[0].fhir.prefix == "1")
        #expect(steps[1].fhir == FHIRItemDetails(prefix: "2", itemControl: "text-box", type: .url))
        #expect(
            steps[2].fhir
                == FHIRItemDetails(
                    prefix: "5", itemControl: "page", codes: [Coding(system: "http://loinc.org", code: "73741-1")]))
        guard case .form(let form) = steps[2].content else {
            Issue.record("not a form")
            return
        }
        guard case .item(let weight) = form.elements[0], case .group(let inner) = form.elements[1],
            case .item(let late) = form.elements[2]
        else {
            Issue.record("elements: \(form.elements)")
            return
        }
        #expect(weight.fhir == FHIRItemDetails(prefix: "5.1", type: .quantity))
        #expect(inner.fhir == FHIRItemDetails(prefix: "5.2", codes: [Coding(code: "54108-6")]))
        #expect(
            late.enabledWhen
                == .result(
                    ResultSelector(stepIdentifier: "g", resultIdentifier: "name"),
                    .textInRange(minimum: "M", maximum: nil, minimumExclusive: true)))
    }

    @Test("fhirType must fit the answer format; textInRange needs a bound and fits text answers only")
    func itemDetailMisuses() throws {
        let problems = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps:
              - { question: a, fhirType: url, integer: {} }
              - { question: b, fhirType: quantity, freeText: {} }
              - { question: c, fhirType: coding, boolean: {} }
              - { question: d, boolean: {} }
            skip:
              - { step: d, when: { result: a, textInRange: { min: M } } }
              - { step: d, when: { result: b, textInRange: { minExclusive: true } } }
            """)
        #expect(
            problems == [
                "steps[0].fhirType: a url is answered with freeText",
                "steps[1].fhirType: a quantity is answered with an integer or decimal format",
                "steps[2].fhirType: must be one of \"quantity\", \"url\"",
                "skip[0].when.textInRange: textInRange does not fit a integer answer",
                "skip[1].when.textInRange: needs min and/or max",
            ])
    }

    @Test("every misuse is reported at its place")
    func misuses() throws {
        let problems = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            fhir: { url: "", status: final, code: [{ system: s }], publisher: me }
            steps:
              - question: early
                code: { code: c }
                boolean: {}
              - form: f
                items:
                  - id: a
                    enabledWhen: { result: f/b, isNil: true }
                    singleChoice: { choices: [{ text: X, coding: { display: x }, score: high }, { text: Y, score: 1 }] }
                  - id: b
                    enabledWhen: { result: later, isNil: true }
                    integer: { unitCode: { system: http://unitsofmeasure.org } }
                  - group: a
                    enabledWhen: { result: f/c, isNil: true }
                    items:
                      - { id: c, boolean: {} }
                  - group: empty
                    items: []
                  - id: d
                    enabledWhen: { task: other, result: x, isNil: true }
                    singleChoice: { choices: [{ text: D, value: "1st May", optionType: date }, { text: E, optionType: day }] }
                  - id: e
                    singleChoice: { choices: [{ text: P }, { text: Q, score: 1 }] }
                  - { id: g, enabledWhen: { result: early, booleanEquals: true }, boolean: {} }
              - { question: later, boolean: {} }
            outcomes:
              - { kind: both, path: f/c, sum: [f/e] }
              - { kind: unscored, sum: [f/e] }
              - { kind: notchoice, sum: [f/c, nowhere/x, "a/b/c"] }
              - { kind: empty, sum: [] }
              - { kind: whole, sum: [early], type: text }
              - { kind: badcode, path: f/c, code: [{ code: x }] }
            """)
        #expect(
            problems == [
                "fhir: unknown key \"publisher\"",
                "fhir.url: must not be empty",
                "fhir.status: must be one of \"draft\", \"active\", \"retired\", \"unknown\"",
                "fhir.code[0]: missing required key \"code\"",
                "steps[0].code: must be a list, found a mapping",
                "steps[1].items[0].enabledWhen.result: step \"f\" has no result \"b\" (enabledWhen can name only earlier steps and earlier items of the same form)",
                "steps[1].items[0].singleChoice.choices[0].coding: missing required key \"code\"",
                "steps[1].items[0].singleChoice.choices[0].score: must be a number, found a string",
                "steps[1].items[1].enabledWhen.result: unknown step \"later\" (enabledWhen can name only earlier steps and earlier items of the same form)",
                "steps[1].items[1].integer.unitCode: missing required key \"code\"",
                "steps[1].items[2].group: duplicate form item id \"a\" (already used at steps[1].items[0])",
                "steps[1].items[2].enabledWhen.result: step \"f\" has no result \"c\" (enabledWhen can name only earlier steps and earlier items of the same form)",
                "steps[1].items[3].items: must have at least one item",
                "steps[1].items[4].enabledWhen: enabledWhen can name only results of this task (no \"task:\")",
                "steps[1].items[4].singleChoice.choices[0].value: must be a date written \"yyyy-MM-dd\" (optionType date)",
                "steps[1].items[4].singleChoice.choices[1].optionType: must be one of \"date\", \"time\"",
                "outcomes[0]: an outcome has either path or sum, not both",
                "outcomes[0].sum[0]: every summed choice needs a score; \"P\" has none",
                "outcomes[1].sum[0]: every summed choice needs a score; \"P\" has none",
                "outcomes[2].sum[0]: only choice answers can be summed (singleChoice, multipleChoice, textScale, valuePicker)",
                "outcomes[2].sum[1]: unknown step \"nowhere\"",
                "outcomes[2].sum[2]: must be \"step\" (question step) or \"step/item\" (form item)",
                "outcomes[3].sum: must name at least one path",
                "outcomes[4].sum[0]: only choice answers can be summed (singleChoice, multipleChoice, textScale, valuePicker)",
                "outcomes[4].type: a sum of scores is stored as integer or double",
                "outcomes[5].code: must be a mapping, found a list",
            ])
    }
}
