import Articles
import CareModel
import Foundation
import OutcomeMapping
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

@Suite("Shipped surveys")
struct ShippedSurveyTests {
    let catalog: Catalog

    init() throws {
        catalog = try Catalog.load(
            directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc)
    }

    @Test("every shipped survey loads with zero problems")
    func shippedSurveysLoad() {
        #expect(CatalogFixture.problems(CatalogFixture.surveysDirectory).map(\.description) == [])
        #expect(
            catalog.taskIdentifiers == [
                "checkin", "nausea", "onboarding", "rangeOfMotionCheck", "shoulderRangeOfMotion", "tour",
            ])
        #expect(catalog.articles.map(\.id) == ["recovery"])
        #expect(
            catalog.articles.first?.versions.map(\.fileName) == [
                "recovery.md", "recovery.ja.md", "recovery.zh-Hans.md",
            ])
        #expect(catalog.articles.first?.featured == true)
        #expect(catalog.entry(forTask: "nausea")?.logged == true)
        #expect(catalog.entry(forTask: "nausea")?.impactsAdherence == false)
    }

    @Test("checkin.yaml builds exactly the Recover check-in (docs/carekit-store.md, \"The Recover sample\")")
    func checkIn() throws {
        let entry = try #require(catalog.entry(forTask: "checkin"))
        let expectedTask = OrderedTask(
            identifier: "checkin", title: "Check In",
            steps: [
                Step(
                    identifier: "checkin.form", title: "Check In", text: "Please answer the following questions.",
                    isOptional: false,
                    content: .form(
                        FormContent(elements: [
                            .item(
                                FormItem(
                                    identifier: "checkin.form.pain", text: "How would you rate your pain?",
                                    isOptional: false,
                                    answerFormat: .scale(
                                        ScaleFormat(
                                            minimum: 1, maximum: 10, step: 1, minimumDescription: "No pain",
                                            maximumDescription: "Very painful"
                                        ))
                                )),
                            .item(
                                FormItem(
                                    identifier: "checkin.form.sleep",
                                    text: "How many hours of sleep did you get last night?",
                                    isOptional: false,
                                    answerFormat: .scale(ScaleFormat(minimum: 0, maximum: 12, step: 1))
                                )),
                        ]))
                )
            ]
        )
        #expect(entry.task == expectedTask)
        #expect(entry.title == "Check In")
        #expect(entry.instructions == nil)
        #expect(entry.impactsAdherence)
        #expect(
            entry.schedule
                == ScheduleSpec(elements: [
                    ScheduleElementSpec(
                        start: ScheduleAnchor(.startOfEnrollmentDay), timeOfDay: TimeOfDay(hour: 8, minute: 0),
                        interval: DateComponents(day: 1), duration: .seconds(3600)
                    )
                ]))
        #expect(
            entry.outcomes == [
                OutcomeSpec(
                    kind: "checkin.form.pain",
                    path: ResultPath(stepIdentifier: "checkin.form", resultIdentifier: "checkin.form.pain"),
                    type: .double),
                OutcomeSpec(
                    kind: "checkin.form.sleep",
                    path: ResultPath(stepIdentifier: "checkin.form", resultIdentifier: "checkin.form.sleep"),
                    units: "h", type: .double
                ),
            ])
        #expect(entry.file.lastComponent?.string == "checkin.yaml")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: entry.file.string))
        #expect(entry.digest == Digest.sha256Hex(bytes))
    }

    @Test("onboarding.yaml: welcome, overview with bullets, consent to affirm, Enrollment Complete; no adherence")
    func onboarding() throws {
        let entry = try #require(catalog.entry(forTask: "onboarding"))
        #expect(!entry.impactsAdherence)
        #expect(
            entry.task.steps.map(\.identifier) == [
                "onboarding.welcome", "onboarding.overview", "onboarding.consent", "onboarding.completion",
            ])
        guard case .instruction(let overview) = entry.task.steps[1].content else {
            Issue.record("overview is not an instruction")
            return
        }
        #expect(overview.bulletPoints.count == 4)
        guard case .consentReview(let consent) = entry.task.steps[2].content else {
            Issue.record("consent step is not a consent review")
            return
        }
        #expect(consent.sections.count == 3)
        #expect(!consent.reasonForConsent.isEmpty)
        #expect(!entry.task.steps[2].isOptional)
        guard case .completion = entry.task.steps[3].content else {
            Issue.record("last step is not a completion step")
            return
        }
        #expect(entry.task.steps[3].title == "Enrollment Complete")
        let resolved = try #require(entry.schedule).resolve(
            enrollment: CatalogFixture.date(2023, 6, 15, 10, 17), calendar: CatalogFixture.utc)
        #expect(
            resolved == [
                ResolvedScheduleElement(
                    start: CatalogFixture.date(2023, 6, 15), end: nil, interval: DateComponents(day: 1), isAllDay: true,
                    durationSeconds: 0, text: "Task Due!"
                )
            ])
    }

    @Test(
        "range-of-motion.yaml: left knee without ResearchKit's conclusion, then rom.completion (docs/range-of-motion.md, \"The tasks\")"
    )
    func rangeOfMotion() throws {
        let entry = try #require(catalog.entry(forTask: "rangeOfMotionCheck"))
        #expect(entry.title == "Range Of Motion")
        #expect(
            entry.task.steps.map(\.identifier) == [
                "instruction", "touch.anywhere", "knee.range.of.motion", "rom.completion",
            ])
        #expect(entry.task.steps[2].content == .rangeOfMotion(RangeOfMotionContent(joint: .knee, limb: .left)))
        #expect(
            entry.task.steps[3]
                == Step(
                    identifier: "rom.completion", title: "All done!",
                    text: "We know the road to recovery can be tough. Keep up the good work!",
                    content: .completion(InstructionContent())
                ))
        #expect(
            entry.outcomes == [
                OutcomeSpec(
                    kind: "range",
                    path: ResultPath(
                        stepIdentifier: "knee.range.of.motion", resultIdentifier: "knee.range.of.motion", field: "range"
                    ),
                    units: "degrees", type: .double
                )
            ])
        #expect(entry.schedule?.elements.count == 2)
    }

    @Test(
        "shoulder-range-of-motion.yaml: ResearchKit's full right-shoulder sequence (docs/range-of-motion.md, \"The tasks\")"
    )
    func shoulder() throws {
        let entry = try #require(catalog.entry(forTask: "shoulderRangeOfMotion"))
        #expect(
            entry.task.steps.map(\.identifier) == [
                "instruction", "instruction1", "instruction2", "instruction3", "touch.anywhere",
                "shoulder.range.of.motion",
                "conclusion",
            ])
        #expect(entry.task.steps[5].content == .rangeOfMotion(RangeOfMotionContent(joint: .shoulder, limb: .right)))
    }

    @Test("tour.yaml uses every answer format, a section header, a skip rule and a predicate rule")
    func tour() throws {
        let entry = try #require(catalog.entry(forTask: "tour"))
        var formats: [AnswerFormat] = []
        var sections = 0
        for step in entry.task.steps {
            switch step.content {
            case .question(let question): formats.append(question.answerFormat)
            case .form(let form):
                formats += form.items.map(\.answerFormat)
                sections += form.elements.count - form.items.count
            default: break
            }
        }
        let names = Set(formats.map(SurveyDecoder.formatName))
        #expect(
            names == [
                "scale", "continuousScale", "textScale", "singleChoice", "multipleChoice", "boolean", "integer",
                "decimal",
                "freeText", "date", "dateTime", "timeOfDay", "timeInterval", "valuePicker",
            ])
        #expect(sections >= 1)
        #expect(!entry.task.skipRules.isEmpty)
        #expect(entry.task.navigationRules.values.contains { if case .predicate = $0 { true } else { false } })
        let choices = formats.compactMap { if case .textChoice(let format) = $0 { format } else { nil } }
        #expect(choices.contains { $0.choices.contains(where: \.exclusive) })
        #expect(choices.contains { $0.choices.contains { $0.other != nil } })
    }

    @Test(
        "the build ships the repo-root surveys' files as Catalog resources, byte for byte, and not the instruments folder"
    )
    func bundledSurveys() throws {
        let bundled = SurveyLocation.bundledDirectory
        let folder = CatalogFixture.surveysDirectory
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        // The folder's files are the built-in surveys; its subfolders (the standard instruments) are not loaded.
        let names = entries.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(names.contains("checkin.yaml") && names.contains("schema.json"))
        #expect(entries.contains("instruments") && !names.contains("instruments"))
        #expect(!FileManager.default.fileExists(atPath: bundled.appending("instruments").string))
        #expect(!FileManager.default.fileExists(atPath: bundled.appending("phq9.yaml").string))
        for name in names {
            let original = try Data(contentsOf: CatalogFixture.surveysDirectory.appendingPathComponent(name))
            let shipped = try? Data(contentsOf: URL(fileURLWithPath: bundled.appending(name).string))
            #expect(shipped == original, "\(name) differs in \(bundled)")
        }
        let shippedCatalog = try Catalog.load(directory: bundled, calendar: CatalogFixture.utc)
        #expect(shippedCatalog.taskIdentifiers == catalog.taskIdentifiers)
    }
}
