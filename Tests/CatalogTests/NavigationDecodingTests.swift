import Foundation
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

/// Navigation and skip rules decode to the rules of docs/navigation.md, "Choosing the next step", with the conditions
/// of "Result predicates".
@Suite("Navigation decoding")
struct NavigationDecodingTests {
    static let header = """
        id: t
        title: T
        steps:
          - question: symptom
            singleChoice: { choices: [{ text: Headache, value: headache }, { text: Dizziness, value: dizziness }, { text: Seven, value: 7 }] }
          - question: severity
            boolean: {}
          - form: f
            items:
              - { id: level, scale: { min: 0, max: 10 } }
              - { id: note, freeText: {} }
              - { id: bed, timeOfDay: {} }
              - { id: when, date: {} }
              - { id: weight, decimal: {} }
          - consent: agree
            version: 1
            effective: 2026-01-01
            sections: [{ title: A, content: B }]
            reason: I agree
          - instruction: severe_headache
          - instruction: other_symptom
          - completion: done

        """

    @Test(
        "ResearchKit's testNavigableOrderedTask rules (docs/navigation.md, \"Ported ResearchKit tests\") decode to predicate and direct rules"
    )
    func researchKitExample() throws {
        let entry = try CatalogFixture.entry(
            Self.header + """
                navigation:
                  - after: symptom
                    rules:
                      - when: { not: { result: symptom, choicesInclude: headache } }
                        goto: other_symptom
                  - after: severity
                    rules:
                      - when: { all: [{ result: symptom, choicesInclude: [headache] }, { result: severity, booleanEquals: true }] }
                        goto: severe_headache
                    otherwise: other_symptom
                  - after: severe_headache
                    goto: done
                  - after: done
                    goto: end
                """)
        let symptom = ResultSelector(resultIdentifier: "symptom")
        let severity = ResultSelector(resultIdentifier: "severity")
        #expect(
            entry.task.navigationRules == [
                "symptom": .predicate(
                    [
                        PredicateDestination(
                            predicate: .not(.result(symptom, .choicesInclude([.string("headache")]))),
                            destination: "other_symptom"
                        )
                    ], defaultDestination: nil),
                "severity": .predicate(
                    [
                        PredicateDestination(
                            predicate: .and([
                                .result(symptom, .choicesInclude([.string("headache")])),
                                .result(severity, .booleanEquals(true)),
                            ]),
                            destination: "severe_headache"
                        )
                    ], defaultDestination: "other_symptom"),
                "severe_headache": .direct("done"),
                "done": .direct(StepDestination.end),
            ])
        #expect(entry.task.skipRules.isEmpty)
    }

    @Test("every condition kind decodes to its AnswerCondition; form items are selected as step/item")
    func conditions() throws {
        let entry = try CatalogFixture.entry(
            Self.header + """
                skip:
                  - step: severe_headache
                    when:
                      any:
                        - { result: symptom, isNil: true }
                        - { result: symptom, isDontKnow: false }
                        - { result: f/level, numberEquals: 3 }
                        - { result: f/level, numberInRange: { min: 2 } }
                        - { result: f/weight, numberInRange: { min: 1.5, max: 9 } }
                        - { result: symptom, choicesInclude: [headache, 7] }
                        - { result: symptom, choicesMatch: "^head.*" }
                        - { result: f/note, textEquals: "yes" }
                        - { result: f/note, textMatches: "[0-9]+" }
                        - { result: f/bed, timeOfDayInRange: { min: "06:04", max: "06:08" } }
                        - { result: f/when, dateInRange: { max: 2023-06-15 } }
                        - { result: agree, consented: true }
                        - { result: severity, booleanEquals: false, task: t }
                """)
        let form = { (item: String) in ResultSelector(stepIdentifier: "f", resultIdentifier: item) }
        let symptom = ResultSelector(resultIdentifier: "symptom")
        #expect(
            entry.task.skipRules == [
                "severe_headache": SkipRule(
                    predicate: .or([
                        .result(symptom, .isNil),
                        .not(.result(symptom, .isDontKnow)),
                        .result(form("level"), .numberEquals(3)),
                        .result(form("level"), .numberInRange(minimum: 2, maximum: nil)),
                        .result(form("weight"), .numberInRange(minimum: 1.5, maximum: 9)),
                        .result(symptom, .choicesInclude([.string("headache"), .integer(7)])),
                        .result(symptom, .choicesMatch(["^head.*"])),
                        .result(form("note"), .textEquals("yes")),
                        .result(form("note"), .textMatches("[0-9]+")),
                        .result(
                            form("bed"),
                            .timeOfDayInRange(
                                minimum: TimeOfDay(hour: 6, minute: 4), maximum: TimeOfDay(hour: 6, minute: 8))),
                        .result(form("when"), .dateInRange(minimum: nil, maximum: CatalogFixture.date(2023, 6, 15))),
                        .result(ResultSelector(resultIdentifier: "agree"), .consented(true)),
                        .result(ResultSelector(resultIdentifier: "severity"), .booleanEquals(false)),
                    ]))
            ])
    }

    @Test("rules naming unknown steps or results, or conditions that do not fit the answer, are reported")
    func badRules() throws {
        let lines = try CatalogFixture.problemLines(
            Self.header + """
                navigation:
                  - after: nowhere
                    goto: done
                  - after: symptom
                    rules:
                      - when: { result: f/missing, isNil: true }
                        goto: done
                      - when: { result: symptom, choicesInclude: migraine }
                        goto: done
                      - when: { result: f/level, textEquals: "3" }
                        goto: done
                      - when: { result: symptom, numberEquals: 1, booleanEquals: true }
                        goto: done
                      - when: { result: symptom, isNil: true, all: [] }
                        goto: done
                      - when: { result: symptom, textMatches: "(" }
                        goto: done
                  - after: severity
                    goto: done
                    otherwise: done
                  - after: done
                skip:
                  - step: done
                    when: { result: f/level, numberInRange: {} }
                  - step: other_symptom
                    when: { result: agree, booleanEquals: true, task: elsewhere }
                """)
        #expect(
            lines == [
                #"navigation[0].after: unknown step "nowhere""#,
                #"navigation[1].rules[0].when.result: step "f" has no result "missing""#,
                #"navigation[1].rules[1].when.choicesInclude: no choice has the value "migraine""#,
                "navigation[1].rules[2].when.textEquals: textEquals does not fit a scale answer",
                "navigation[1].rules[3].when: a condition has exactly one test, found numberEquals and booleanEquals",
                "navigation[1].rules[4].when: all cannot be combined with other keys",
                "navigation[1].rules[5].when.textMatches: is not a valid regular expression",
                "navigation[2].otherwise: only predicate rules (with rules) have otherwise",
                "navigation[3]: a rule needs goto (direct rule) or rules (predicate rule)",
                "skip[0].when.numberInRange: needs min and/or max",
                #"skip[1].when.task: unknown task "elsewhere""#,
            ])
    }

    @Test("a predicate may name another task of the folder; its step and result are checked there")
    func otherTask() throws {
        let other = "id: other\ntitle: O\nsteps:\n  - question: mood\n    boolean: {}\n"
        let folder = try CatalogFixture.folder([
            "a.yaml": Self.header
                + "skip:\n  - step: done\n    when: { task: other, result: mood, booleanEquals: true }\n",
            "b.yaml": Self.header.replacingOccurrences(of: "id: t\n", with: "id: t2\n")
                + "skip:\n  - step: done\n    when: { task: other, result: mood, numberEquals: 1 }\n",
            "c.yaml": other,
        ])
        #expect(
            CatalogFixture.problems(folder).map(\.description) == [
                "surveys/b.yaml: skip[0].when.numberEquals: numberEquals does not fit a boolean answer"
            ])
        let folderOK = try CatalogFixture.folder([
            "a.yaml": Self.header
                + "skip:\n  - step: done\n    when: { task: other, result: mood, booleanEquals: true }\n",
            "c.yaml": other,
        ])
        let catalog = try Catalog.load(directory: FilePath(folderOK.path), calendar: CatalogFixture.utc)
        #expect(
            catalog.entry(forTask: "t")?.task.skipRules["done"]
                == SkipRule(
                    predicate: .result(
                        ResultSelector(taskIdentifier: "other", resultIdentifier: "mood"), .booleanEquals(true))))
    }
}
