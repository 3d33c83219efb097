import Foundation
import RegimenTesting
import ResearchTasks
import Testing

@Suite("ResultTree: result trees in a few lines, with pinned dates")
struct ResultTreeTests {
    @Test("Steps get pinned, consecutive one-minute slots; the task ends with its last step")
    func pinnedDates() {
        let result = ResultTree("checkin") {
            Instruction("intro")
            Form("checkin.form") { Item("checkin.form.pain", .scale(4)) }
        }.result
        #expect(result.identifier == "checkin")
        #expect(result.taskRunUUID == ResultTree.pinnedRunUUID)
        #expect(result.startDate == ResultTree.pinnedStart)
        #expect(result.results.map(\.identifier) == ["intro", "checkin.form"])
        #expect(result.results[1].startDate == ResultTree.pinnedStart.addingTimeInterval(60))
        #expect(result.endDate == ResultTree.pinnedStart.addingTimeInterval(120))
        #expect(result.results[0].results.isEmpty)
    }

    @Test("Each typed answer becomes the ResearchKit result class that records it (docs/answer-formats.md)")
    func typedAnswers() {
        let step = ResultTree("all") {
            Form("form") {
                Item("scale", .scale(4))
                Item("slider", .scale(2.5))
                Item("single", .choice("walk"))
                Item("multiple", .choices(1, 3))
                Item("yes", .boolean(true))
                Item("weight", .numeric(72.5, unit: "kg"))
                Item("steps", .numeric(4000))
                Item("note", .text("sore"))
                Item("day", .date(year: 2025, month: 11, day: 20))
                Item("bedtime", .timeOfDay(hour: 22, minute: 30))
                Item("nap", .interval(minutes: 20))
            }
        }.result.results[0]
        let values = step.results.compactMap { child -> QuestionValue? in
            if case .question(let question) = child { return question.value }
            return nil
        }
        #expect(
            values == [
                .scale(.integer(4)), .scale(.decimal(2.5)), .choice([.string("walk")]),
                .choice([.integer(1), .integer(3)]),
                .boolean(true), .numeric(.decimal(72.5), unit: "kg", displayUnit: "kg"),
                .numeric(.integer(4000), unit: nil, displayUnit: nil),
                .text("sore"),
                .date(Date(timeIntervalSince1970: 1_763_596_800), calendar: "gregorian", timeZoneSeconds: 0),
                .timeOfDay(TimeOfDay(hour: 22, minute: 30)), .timeInterval(1200),
            ])
        #expect(step.questionResult(forIdentifier: "multiple")?.questionType == .multipleChoice)
        #expect(step.questionResult(forIdentifier: "weight")?.questionType == .decimal)
    }

    @Test("Skipped and don't-know answers are present results with no answer")
    func skippedAnswers() {
        let step = ResultTree("t") {
            Form("form") {
                Item("pain", .skipped(.scale))
                Item("sleep", .dontKnow(.integer))
            }
        }.result.results[0]
        #expect(step.questionResult(forIdentifier: "pain")?.value == .scale(nil))
        #expect(step.questionResult(forIdentifier: "pain")?.isDontKnow == false)
        #expect(step.questionResult(forIdentifier: "sleep")?.answer == nil)
        #expect(step.questionResult(forIdentifier: "sleep")?.isDontKnow == true)
    }

    @Test(
        "A question step holds one result named after the step; a range-of-motion step one ORKRangeOfMotionResult (docs/researchkit-results.md, \"Result classes and their keys\")"
    )
    func questionAndMotionSteps() throws {
        let result = ResultTree("rom") {
            Question("pain", .scale(3))
            MotionRange("knee.range.of.motion", minimum: 10, maximum: 95)
        }.result
        #expect(
            result.stepResult(forStep: "pain")?.questionResult(forIdentifier: "pain")?.answer == .scale(.integer(3)))
        let child = try #require(result.stepResult(forStep: "knee.range.of.motion")?.results.first)
        guard case .rangeOfMotion(let motion) = child else {
            Issue.record("expected a range-of-motion result, got \(child)")
            return
        }
        #expect(motion.identifier == "knee.range.of.motion")
        #expect((motion.start, motion.finish, motion.minimum, motion.maximum, motion.range) == (10, 95, 10, 95, 85))
    }

    @Test("if and for work inside the builders")
    func controlFlow() {
        let includeNote = false
        let result = ResultTree("t") {
            Form("form") {
                for index in 1...3 { Item("item\(index)", .scale(index)) }
                if includeNote { Item("note", .text("x")) }
            }
            if !includeNote { Instruction("done") } else { Instruction("other") }
        }.result
        #expect(result.results[0].results.map(\.identifier) == ["item1", "item2", "item3"])
        #expect(result.results.map(\.identifier) == ["form", "done"])
    }

    @Test("A built tree survives the result-file codec unchanged (it is a valid result file)")
    func roundTrip() throws {
        let result = ResultTree("checkin") {
            Form("checkin.form") {
                Item("checkin.form.pain", .scale(4))
                Item("checkin.form.sleep", .skipped(.scale))
                Item("when", .date(year: 2025, month: 1, day: 2))
                Item("bedtime", .timeOfDay(hour: 7, minute: 5))
            }
            MotionRange("knee.range.of.motion", minimum: 12.5, maximum: 90)
        }.result
        let utc = try #require(TimeZone(identifier: "UTC"))
        let decoded = try ResultFileCodec.decode(ResultFileCodec.encode(result, timeZone: utc))
        #expect(decoded.removingSources() == result)
    }
}
