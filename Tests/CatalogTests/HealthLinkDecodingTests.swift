import CareModel
import Foundation
import OutcomeMapping
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

/// The survey format's `health:` block (surveys/README.md, "Health-linked tasks"; docs/health-export.md, "Linked
/// tasks"): what it decodes to, every problem `regimen validate` reports, and the goal as the schedule's target value.
@Suite("Survey files: Health-linked tasks")
struct HealthLinkDecodingTests {
    /// A linked task with `health` as given (indented under `health:`), scheduled daily all day.
    private static func linked(_ health: String, schedule: String = "  - daily: { duration: allDay }") -> String {
        "id: t\ntitle: T\nschedule:\n\(schedule)\nhealth:\n\(health)\n"
    }

    @Test(
        "a steps goal decodes to its link: type, aggregate, kind, units and goal; no steps, no extractor, its kind charted"
    )
    func steps() throws {
        let entry = try CatalogFixture.entry(
            Self.linked(
                """
                  type: HKQuantityTypeIdentifierStepCount
                  aggregate: sum
                  kind: steps
                  units: steps
                  goal: 8000
                """))
        #expect(
            entry.healthLink
                == HealthLink(
                    type: "HKQuantityTypeIdentifierStepCount", aggregate: .sum, kind: "steps", units: "steps",
                    goal: 8000))
        #expect(entry.task.steps.isEmpty)
        #expect(entry.declarativeExtractor == nil)
        #expect(entry.producedKinds.map(\.kind) == ["steps"])
        #expect(entry.effectiveCharts == [ChartSpec(title: "T", style: .line, kinds: ["steps"])])
    }

    @Test("asleep defaults to the four asleep stages and hours; stages narrow it; workouts need no type")
    func defaults() throws {
        let sleep = try CatalogFixture.entry(
            Self.linked(
                """
                  type: HKCategoryTypeIdentifierSleepAnalysis
                  aggregate: asleep
                  kind: sleep.measured.hours
                  goal: 7
                """))
        #expect(sleep.healthLink?.stages == [.core, .deep, .rem, .unspecified])
        #expect(sleep.healthLink?.units == "h")
        let deep = try CatalogFixture.entry(
            Self.linked(
                """
                  type: HKCategoryTypeIdentifierSleepAnalysis
                  aggregate: asleep
                  stages: [deep, rem]
                  kind: deep
                  goal: 1.5
                """))
        #expect(deep.healthLink?.stages == [.deep, .rem])
        let runs = try CatalogFixture.entry(
            Self.linked(
                "  { aggregate: workouts, activity: HKWorkoutActivityTypeRunning, kind: runs, units: workouts, goal: 3 }",
                schedule: "  - weekly: { duration: { days: 7 } }"))
        #expect(
            runs.healthLink
                == HealthLink(
                    type: nil, aggregate: .workouts, activity: "HKWorkoutActivityTypeRunning", kind: "runs",
                    units: "workouts", goal: 3))
        #expect(runs.schedule?.elements.first?.duration == .seconds(7 * 86_400))
    }

    @Test(
        "every problem of the block is reported with its place: missing keys, a typo, goal, type against aggregate, stages, activity, units"
    )
    func problems() throws {
        #expect(
            try CatalogFixture.problemLines(
                Self.linked("  { agregate: sum, type: HKQuantityTypeIdentifierStepCount, kind: s, goal: 1 }")) == [
                    #"health: unknown key "agregate" (did you mean "aggregate"?)"#,
                    #"health: missing required key "aggregate""#,
                ])
        #expect(
            try CatalogFixture.problemLines(Self.linked("  { aggregate: sum }")) == [
                #"health: missing required key "type""#,
                #"health: missing required key "kind""#,
                #"health: missing required key "goal""#,
            ])
        #expect(
            try CatalogFixture.problemLines(Self.linked("  { aggregate: total, kind: s, goal: 1 }")) == [
                #"health.aggregate: must be one of "sum", "average", "minimum", "maximum", "latest", "asleep", "inBed", "awake", "workouts""#
            ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked("  { aggregate: sum, type: HKQuantityTypeIdentifierStepCount, kind: s, goal: 0 }")) == [
                    "health.goal: must be greater than 0"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked("  { aggregate: asleep, type: HKQuantityTypeIdentifierStepCount, kind: s, goal: 7 }")) == [
                    "health.type: the asleep aggregate needs HKCategoryTypeIdentifierSleepAnalysis, found HKQuantityTypeIdentifierStepCount"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked("  { aggregate: sum, type: HKCategoryTypeIdentifierSleepAnalysis, kind: s, goal: 7 }")) == [
                    "health.type: the sum aggregate needs a quantity type (HKQuantityTypeIdentifier…), found HKCategoryTypeIdentifierSleepAnalysis"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked("  { aggregate: workouts, type: HKQuantityTypeIdentifierStepCount, kind: s, goal: 3 }"))
                == [
                    "health.type: the workouts aggregate counts workouts: leave type out or write HKWorkoutTypeIdentifier"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked(
                    "  { aggregate: inBed, type: HKCategoryTypeIdentifierSleepAnalysis, stages: [deep], kind: s, goal: 7 }"
                )) == [
                    "health.stages: only the asleep aggregate has stages"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked(
                    "  { aggregate: asleep, type: HKCategoryTypeIdentifierSleepAnalysis, stages: [deap, deep, deep], kind: s, goal: 7 }"
                )) == [
                    #"health.stages[0]: unknown sleep stage "deap" (one of core, deep, rem, unspecified) (did you mean "deep"?)"#,
                    #"health.stages[2]: sleep stage "deep" is named twice"#,
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked(
                    "  { aggregate: asleep, type: HKCategoryTypeIdentifierSleepAnalysis, stages: [], kind: s, goal: 7 }"
                )) == [
                    "health.stages: must name at least one stage: core, deep, rem, unspecified"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked(
                    "  { aggregate: sum, type: HKQuantityTypeIdentifierStepCount, activity: HKWorkoutActivityTypeRunning, kind: s, goal: 1 }"
                )) == [
                    "health.activity: only the workouts aggregate has an activity"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked("  { aggregate: workouts, activity: Running, kind: s, goal: 1 }")) == [
                    "health.activity: must be a workout activity type, e.g. HKWorkoutActivityTypeRunning"
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked(
                    "  { aggregate: asleep, type: HKCategoryTypeIdentifierSleepAnalysis, kind: s, units: min, goal: 420 }"
                )) == [
                    #"health.units: sleep is measured in hours: units must be "h" (or left out)"#
                ])
        #expect(
            try CatalogFixture.problemLines(
                Self.linked(
                    "  { aggregate: sum, type: HKQuantityTypeIdentifierStepCount, kind: s, goal: 1, beside: s }")) == [
                    "health.beside: names the link's own kind; name a self-reported kind of another task"
                ])
    }

    @Test(
        "a linked task has no steps, rules, outcomes or fhir, and needs a schedule; a task needs steps, predefined or health"
    )
    func taskShape() throws {
        let health = "health: { aggregate: sum, type: HKQuantityTypeIdentifierStepCount, kind: s, goal: 1 }\n"
        #expect(
            try CatalogFixture.problemLines("id: t\ntitle: T\n" + health) == [
                "health: a task measured from Health data needs a schedule: its outcomes answer the schedule's events"
            ])
        let both =
            "id: t\ntitle: T\nschedule: [{ daily: {} }]\nsteps: [{ instruction: i }]\n"
            + "outcomes: [{ kind: x, path: i }]\n" + health
        let lines = try CatalogFixture.problemLines(both)
        #expect(lines.contains("steps: a task measured from Health data has no steps: remove it (or health)"))
        #expect(
            lines.contains("outcomes: a task measured from Health data has one outcome, health.kind: remove outcomes"))
        #expect(
            try CatalogFixture.problemLines("id: t\ntitle: T\nschedule: [{ daily: {} }]\noutcomes: []\n" + health)
                .isEmpty,
            "an empty outcomes list says nothing")
        #expect(
            try CatalogFixture.problemLines("id: t\ntitle: T\n") == [
                #"missing required key "steps" (or "predefined" or "health")"#
            ])
    }

    @Test("beside must name an outcome kind another survey of the folder declares")
    func beside() throws {
        let checkin = try String(
            contentsOf: CatalogFixture.surveysDirectory.appendingPathComponent("checkin.yaml"), encoding: .utf8)
        let sleep = Self.linked(
            "  { aggregate: asleep, type: HKCategoryTypeIdentifierSleepAnalysis, kind: m, goal: 7, beside: checkin.form.sleep }"
        )
        #expect(CatalogFixture.problems(try CatalogFixture.folder(["checkin.yaml": checkin, "m.yaml": sleep])).isEmpty)
        let problems = CatalogFixture.problems(try CatalogFixture.folder(["m.yaml": sleep]))
        #expect(
            problems.map(\.description) == [
                #"surveys/m.yaml: health.beside: unknown outcome kind "checkin.form.sleep" (no other survey in the folder declares it)"#
            ])
        #expect(problems.map(\.line) == [6])
    }

    @Test("the Recover examples load beside the shipped surveys, and the shipped surveys stay free of linked tasks")
    func examples() throws {
        let examples = CatalogFixture.packageRoot.appendingPathComponent("Examples/HealthSurveys")
        var files: [String: String] = [:]
        for folder in [CatalogFixture.surveysDirectory, examples] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".yaml") {
                files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
        }
        let catalog = try Catalog.load(
            directory: FilePath(try CatalogFixture.folder(files).path), calendar: CatalogFixture.utc)
        let sleep = try #require(catalog.entry(forTask: "sleep.measured")?.healthLink)
        #expect(
            sleep.aggregate == .asleep && sleep.goal == 7 && sleep.units == "h" && sleep.beside == "checkin.form.sleep")
        let steps = try #require(catalog.entry(forTask: "steps")?.healthLink)
        #expect(steps.aggregate == .sum && steps.goal == 8000 && steps.kind == "steps")
        let shipped = try Catalog.load(
            directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc)
        #expect(shipped.entries.allSatisfy { $0.healthLink == nil })
    }

    @Test("charts may name the link's kind, and only a kind the file has")
    func charts() throws {
        let health = "health: { aggregate: sum, type: HKQuantityTypeIdentifierStepCount, kind: steps, goal: 8000 }\n"
        let head = "id: t\ntitle: T\nschedule: [{ daily: { duration: allDay } }]\n" + health
        let entry = try CatalogFixture.entry(head + "charts: [{ title: Steps, type: bars, kinds: [steps] }]\n")
        #expect(entry.effectiveCharts == [ChartSpec(title: "Steps", style: .bars, kinds: ["steps"])])
        #expect(
            try CatalogFixture.problemLines(head + "charts: [{ title: Steps, type: bars, kinds: [stepz] }]\n") == [
                #"charts[0].kinds[0]: unknown outcome kind "stepz" (declared: steps)"#
            ])
    }

    @Test("the goal becomes every element's target value, a double of the link's kind and units")
    func targetValues() throws {
        let entry = try CatalogFixture.entry(
            Self.linked(
                "  { aggregate: sum, type: HKQuantityTypeIdentifierStepCount, kind: steps, units: steps, goal: 8000 }",
                schedule: "  - daily: { duration: allDay }\n  - weekly: { at: \"09:00\" }"))
        let link = try #require(entry.healthLink)
        let enrollment = CatalogFixture.date(2026, 11, 21, 10)
        let schedule = try #require(entry.schedule).schedule(
            enrollment: enrollment, calendar: CatalogFixture.utc,
            targetValues: [link.targetValue(createdDate: enrollment)])
        #expect(schedule.elements.count == 2)
        for element in schedule.elements {
            #expect(
                element.targetValues == [
                    OutcomeValue(.double(8000), kind: "steps", units: "steps", createdDate: enrollment)
                ])
        }
    }
}
