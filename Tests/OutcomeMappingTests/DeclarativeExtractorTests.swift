import CareStore
import Foundation
import Testing
@testable import OutcomeMapping
@testable import ResearchTasks

@Suite("Declarative extractor: survey `outcomes:` entries → kinded values")
struct DeclarativeExtractorTests {
    static let date = Date(timeIntervalSince1970: 1_763_712_000)
    static let checkin = DeclarativeExtractor(taskIdentifier: "checkin", entries: [
        .init(kind: "checkin.form.pain", path: ResultPath("checkin.form/checkin.form.pain")!),
        .init(kind: "checkin.form.sleep", path: ResultPath("checkin.form/checkin.form.sleep")!, units: "h"),
    ])

    static func checkinResult(pain: NumberValue?, sleep: NumberValue?, stepID: String = "checkin.form") -> TaskResult {
        func item(_ id: String, _ value: NumberValue?) -> ChildResult {
            .question(QuestionResult(identifier: id, startDate: date, endDate: date, questionType: .scale, value: .scale(value)))
        }
        return TaskResult(identifier: "checkin", taskRunUUID: UUID(), startDate: date, endDate: date, results: [
            StepResult(identifier: stepID, startDate: date, endDate: date, results: [
                item("checkin.form.pain", pain), item("checkin.form.sleep", sleep),
            ]),
        ])
    }

    @Test("The check-in yields two Double values with the Recover sample's kinds, in entry order")
    func checkinValues() throws {
        let values = try Self.checkin.extract(from: Self.checkinResult(pain: .integer(4), sleep: .integer(8)), createdDate: Self.date)
        #expect(values == [
            OutcomeValue(.double(4), kind: "checkin.form.pain", createdDate: Self.date),
            OutcomeValue(.double(8), kind: "checkin.form.sleep", units: "h", createdDate: Self.date),
        ])
    }

    @Test("A skipped answer yields no value for its kind; the others stay")
    func skippedAnswer() throws {
        let values = try Self.checkin.extract(from: Self.checkinResult(pain: .integer(2), sleep: nil), createdDate: Self.date)
        #expect(values.map(\.kind) == ["checkin.form.pain"])
    }

    @Test("A missing step is an error naming the step; a missing item names step/item")
    func missingPaths() {
        #expect(throws: ExtractionError.missing(path: "checkin.form")) {
            try Self.checkin.extract(from: Self.checkinResult(pain: .integer(1), sleep: .integer(1), stepID: "other"), createdDate: Self.date)
        }
        let extractor = DeclarativeExtractor(taskIdentifier: "checkin", entries: [
            .init(kind: "mood", path: ResultPath("checkin.form/checkin.form.mood")!),
        ])
        #expect(throws: ExtractionError.missing(path: "checkin.form/checkin.form.mood")) {
            try extractor.extract(from: Self.checkinResult(pain: .integer(1), sleep: .integer(1)), createdDate: Self.date)
        }
        #expect(ExtractionError.missing(path: "checkin.form/checkin.form.mood").description
            == "the result has nothing at 'checkin.form/checkin.form.mood'")
    }

    @Test("A result of another task is refused")
    func wrongTask() {
        var result = Self.checkinResult(pain: .integer(1), sleep: .integer(1))
        result.identifier = "tour"
        #expect(throws: ExtractionError.wrongTask(expected: "checkin", found: "tour")) {
            try Self.checkin.extract(from: result, createdDate: Self.date)
        }
    }

    @Test("Integer type refuses a decimal answer with the path named; text type renders numbers")
    func typeConversions() throws {
        let asInteger = DeclarativeExtractor(taskIdentifier: "checkin", entries: [
            .init(kind: "pain", path: ResultPath("checkin.form/checkin.form.pain")!, valueType: .integer),
        ])
        #expect(try asInteger.extract(from: Self.checkinResult(pain: .integer(4), sleep: nil), createdDate: Self.date).map(\.value) == [.integer(4)])
        #expect(throws: ExtractionError.wrongType(path: "checkin.form/checkin.form.pain", expected: "integer", found: "decimal number")) {
            try asInteger.extract(from: Self.checkinResult(pain: .decimal(4.5), sleep: nil), createdDate: Self.date)
        }
        let asBoolean = DeclarativeExtractor(taskIdentifier: "checkin", entries: [
            .init(kind: "pain", path: ResultPath("checkin.form/checkin.form.pain")!, valueType: .boolean),
        ])
        #expect(throws: ExtractionError.wrongType(path: "checkin.form/checkin.form.pain", expected: "boolean", found: "number")) {
            try asBoolean.extract(from: Self.checkinResult(pain: .integer(4), sleep: nil), createdDate: Self.date)
        }
    }

    @Test("A range-of-motion field is read by name; a missing field is a precise error")
    func rangeOfMotionField() throws {
        let result = TaskResult(identifier: "rangeOfMotionCheck", taskRunUUID: UUID(), startDate: Self.date, endDate: Self.date, results: [
            StepResult(identifier: "knee.range.of.motion", startDate: Self.date, endDate: Self.date, results: [
                .rangeOfMotion(RangeOfMotionResult(identifier: "knee.range.of.motion", startDate: Self.date, endDate: Self.date,
                                                   start: 90, finish: 88, minimum: 10, maximum: 90, range: 80)),
            ]),
        ])
        let extractor = DeclarativeExtractor(taskIdentifier: "rangeOfMotionCheck", entries: [
            .init(kind: "range", path: ResultPath("knee.range.of.motion/knee.range.of.motion/range")!, units: "degrees"),
        ])
        #expect(try extractor.extract(from: result, createdDate: Self.date)
            == [OutcomeValue(.double(80), kind: "range", units: "degrees", createdDate: Self.date)])
        let noField = DeclarativeExtractor(taskIdentifier: "rangeOfMotionCheck", entries: [
            .init(kind: "range", path: ResultPath("knee.range.of.motion/knee.range.of.motion")!),
        ])
        #expect(throws: ExtractionError.wrongType(path: "knee.range.of.motion/knee.range.of.motion",
                                                  expected: "one of start, finish, minimum, maximum, range", found: "no field")) {
            try noField.extract(from: result, createdDate: Self.date)
        }
    }

    @Test("Multiple choices become one text value per chosen answer, each with the kind")
    func multipleChoices() throws {
        let result = TaskResult(identifier: "tour", taskRunUUID: UUID(), startDate: Self.date, endDate: Self.date, results: [
            StepResult(identifier: "relief", startDate: Self.date, endDate: Self.date, results: [
                .question(QuestionResult(identifier: "relief", startDate: Self.date, endDate: Self.date, questionType: .multipleChoice,
                                         value: .choice([.string("walk"), .string("rest")]))),
            ]),
        ])
        let extractor = DeclarativeExtractor(taskIdentifier: "tour", entries: [.init(kind: "relief", path: ResultPath("relief/relief")!, valueType: .text)])
        #expect(try extractor.extract(from: result, createdDate: Self.date).map(\.value) == [.text("walk"), .text("rest")])
    }

    @Test("Result paths parse two or three non-empty parts only")
    func pathParsing() {
        #expect(ResultPath("a/b") == ResultPath(stepIdentifier: "a", resultIdentifier: "b"))
        #expect(ResultPath("a/b/range")?.field == "range")
        #expect(ResultPath("a") == ResultPath(stepIdentifier: "a", resultIdentifier: "a"))
        #expect(ResultPath("") == nil)
        #expect(ResultPath("a//b") == nil)
        #expect(ResultPath("a/b/c/d") == nil)
    }
}
