import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import Testing

@Suite("Declarative extractor: survey `outcomes:` entries → kinded values")
struct DeclarativeExtractorTests {
    static let checkin = DeclarativeExtractor(
        taskIdentifier: "checkin",
        entries: [
            .init(kind: "checkin.form.pain", path: ResultPath("checkin.form/checkin.form.pain")!, isRequired: true),
            .init(
                kind: "checkin.form.sleep", path: ResultPath("checkin.form/checkin.form.sleep")!, units: "h",
                isRequired: true),
        ])

    static func checkinTree(pain: GivenAnswer, sleep: GivenAnswer, stepID: String = "checkin.form") -> ResultTree {
        ResultTree("checkin") {
            Form(stepID) {
                Item("checkin.form.pain", pain)
                Item("checkin.form.sleep", sleep)
            }
        }
    }

    static func extractor(
        _ kind: String, _ path: String, units: String? = nil, type: OutcomeValueType = .double,
        task: String = "checkin",
        required: Bool = true
    ) -> DeclarativeExtractor {
        DeclarativeExtractor(
            taskIdentifier: task,
            entries: [.init(kind: kind, path: ResultPath(path)!, units: units, valueType: type, isRequired: required)])
    }

    @Test("The check-in yields two Double values with the Recover sample's kinds, in entry order")
    func checkinValues() throws {
        let tree = Self.checkinTree(pain: .scale(4), sleep: .scale(8))
        let values = try Self.checkin.extract(from: tree.result, createdDate: ResultTree.pinnedStart)
        #expect(
            values == [
                OutcomeValue(.double(4), kind: "checkin.form.pain", createdDate: ResultTree.pinnedStart),
                OutcomeValue(.double(8), kind: "checkin.form.sleep", units: "h", createdDate: ResultTree.pinnedStart),
            ])
    }

    @Test("producedKinds lists every entry's kind, units and type without running the extractor")
    func producedKinds() {
        #expect(
            Self.checkin.producedKinds == [
                OutcomeKindDescription(kind: "checkin.form.pain", type: .double),
                OutcomeKindDescription(kind: "checkin.form.sleep", units: "h", type: .double),
            ])
    }

    @Test("A skipped answer yields no value for its kind; the others stay")
    func skippedAnswer() throws {
        try Self.checkin.outcomes(from: Self.checkinTree(pain: .scale(2), sleep: .skipped(.scale)))
            .require(.kinds(["checkin.form.pain"]), .absent("checkin.form.sleep"))
    }

    @Test(
        "Not required (issue 11 item 1): a step never visited or a question continued without an answer gives no value")
    func missingOptionalAnswers() throws {
        let tour = DeclarativeExtractor(
            taskIdentifier: "tour",
            entries: [
                .init(kind: "walked", path: ResultPath("tour.walked")!, valueType: .boolean),
                .init(kind: "minutes", path: ResultPath("tour.walk.minutes")!, units: "s"),
                .init(kind: "effort", path: ResultPath("tour.details/tour.details.effort")!, valueType: .integer),
            ])
        #expect(tour.entries.allSatisfy { !$0.isRequired })  // the default: ResearchKit leaves results out routinely
        // walked continued without an answer (an empty step result); minutes skipped by a rule; details never reached.
        // (An instruction-shaped step result: one with no child result, as a question step continued without answer.)
        let tree = ResultTree("tour") { Instruction("tour.walked") }
        try tour.outcomes(from: tree).require(.kinds([]))
        let answered = ResultTree("tour") {
            Question("tour.walked", .boolean(true))
            Form("tour.details") { Item("tour.details.effort", .scale(6)) }
        }
        try tour.outcomes(from: answered).require(.kinds(["walked", "effort"]), .absent("minutes"))
    }

    @Test("Not required: an answer that is there but of the wrong type is still an error naming the path")
    func presentButWrongType() {
        let asDate = Self.extractor("pain", "checkin.form/checkin.form.pain", type: .date, required: false)
        #expect(
            asDate.extractionError(on: Self.checkinTree(pain: .scale(4), sleep: .scale(8)))
                == .wrongType(path: "checkin.form/checkin.form.pain", expected: "date", found: "number"))
        let wrongTask = Self.extractor("pain", "checkin.form/checkin.form.pain", required: false)
        #expect(
            wrongTask.extractionError(on: ResultTree("tour") { Instruction("x") })
                == .wrongTask(expected: "checkin", found: "tour"))
    }

    @Test("Required: a missing step is an error naming the step; a missing item names step/item")
    func missingPaths() {
        #expect(
            Self.checkin.extractionError(on: Self.checkinTree(pain: .scale(1), sleep: .scale(1), stepID: "other"))
                == .missing(path: "checkin.form"))
        let mood = Self.extractor("mood", "checkin.form/checkin.form.mood")
        #expect(
            mood.extractionError(on: Self.checkinTree(pain: .scale(1), sleep: .scale(1)))
                == .missing(path: "checkin.form/checkin.form.mood"))
        #expect(
            ExtractionError.missing(path: "checkin.form/checkin.form.mood").description
                == "the result has nothing at 'checkin.form/checkin.form.mood'")
    }

    @Test("A result of another task is refused, naming both tasks")
    func wrongTask() {
        let error = Self.checkin.extractionError(on: ResultTree("tour") { Instruction("x") })
        #expect(error == .wrongTask(expected: "checkin", found: "tour"))
        #expect(error?.description == "the result is of task 'tour', but this extractor reads task 'checkin'")
    }

    @Test("Integer type refuses a decimal answer with the path named; boolean refuses a number")
    func typeConversions() throws {
        let asInteger = Self.extractor("pain", "checkin.form/checkin.form.pain", type: .integer)
        try asInteger.outcomes(from: Self.checkinTree(pain: .scale(4), sleep: .skipped(.scale))).require(
            .value("pain", .integer(4)))
        let decimal = Self.checkinTree(pain: .scale(4.5), sleep: .skipped(.scale))
        let error = asInteger.extractionError(on: decimal)
        #expect(
            error == .wrongType(path: "checkin.form/checkin.form.pain", expected: "integer", found: "decimal number"))
        #expect(
            error?.description == "'checkin.form/checkin.form.pain' holds decimal number where integer was expected")
        let asBoolean = Self.extractor("pain", "checkin.form/checkin.form.pain", type: .boolean)
        #expect(
            asBoolean.extractionError(on: decimal)
                == .wrongType(path: "checkin.form/checkin.form.pain", expected: "boolean", found: "number"))
    }

    @Test("Text type renders whole numbers without a decimal point and times of day as HH:MM")
    func textRendering() throws {
        let tree = ResultTree("t") {
            Question("count", .numeric(3, unit: "cups"))
            Question("bedtime", .timeOfDay(hour: 7, minute: 5))
        }
        let extractor = DeclarativeExtractor(
            taskIdentifier: "t",
            entries: [
                .init(kind: "count", path: ResultPath("count")!, valueType: .text),
                .init(kind: "bedtime", path: ResultPath("bedtime")!, valueType: .text),
            ])
        try extractor.outcomes(from: tree).require(.value("count", "3"), .value("bedtime", "07:05"))
    }

    @Test(
        "A range-of-motion field is read by name; a missing field is a precise error (docs/range-of-motion.md, \"The five values, and the older two\")"
    )
    func rangeOfMotionField() throws {
        let tree = ResultTree("rangeOfMotionCheck") {
            MotionRange("knee.range.of.motion", minimum: 10, maximum: 90, start: 90, finish: 88)
        }
        let range = Self.extractor(
            "range", "knee.range.of.motion/knee.range.of.motion/range", units: "degrees", task: "rangeOfMotionCheck")
        try range.outcomes(from: tree).require(.value("range", 80, units: "degrees"))
        let noField = Self.extractor("range", "knee.range.of.motion/knee.range.of.motion", task: "rangeOfMotionCheck")
        #expect(
            noField.extractionError(on: tree)
                == .wrongType(
                    path: "knee.range.of.motion/knee.range.of.motion",
                    expected: "one of start, finish, minimum, maximum, range", found: "no field"))
    }

    @Test("Multiple choices become one text value per chosen answer, each with the kind")
    func multipleChoices() throws {
        let tree = ResultTree("tour") { Question("relief", .choices("walk", "rest")) }
        let extractor = Self.extractor("relief", "relief/relief", type: .text, task: "tour")
        try extractor.outcomes(from: tree).require(.values("relief", [.text("walk"), .text("rest")]))
    }

    @Test("A boolean answer reads as boolean and refuses a double with the path named")
    func booleans() throws {
        let tree = ResultTree("t") { Question("walked", .boolean(true)) }
        try Self.extractor("walked", "walked", type: .boolean, task: "t").outcomes(from: tree).require(
            .value("walked", true))
        #expect(
            Self.extractor("walked", "walked", task: "t").extractionError(on: tree)
                == .wrongType(path: "walked/walked", expected: "double", found: "boolean"))
    }

    @Test("Result paths parse one to three non-empty parts only")
    func pathParsing() {
        #expect(ResultPath("a/b") == ResultPath(stepIdentifier: "a", resultIdentifier: "b"))
        #expect(ResultPath("a/b/range")?.field == "range")
        #expect(ResultPath("a") == ResultPath(stepIdentifier: "a", resultIdentifier: "a"))
        #expect(ResultPath("") == nil)
        #expect(ResultPath("a//b") == nil)
        #expect(ResultPath("a/b/c/d") == nil)
    }
}

@Suite("ResultReader numbers: what a Swift extractor reads, with errors naming the path")
struct ResultReaderNumberTests {
    static let tree = ResultTree("t") {
        Form("form") {
            Item("whole", .scale(4))
            Item("half", .scale(4.5))
            Item("skipped", .skipped(.scale))
            Item("note", .text("x"))
            Item("two", .choices(1, 2))
        }
        MotionRange("rom", minimum: 10, maximum: 70)
    }

    func reader(_ path: String) throws -> ResultReader {
        try ResultReader(result: Self.tree.result, path: path)
    }

    @Test("Scales, range-of-motion fields and skipped answers read as numbers or nil")
    func numbers() throws {
        #expect(try reader("form/whole").integer() == 4)
        #expect(try reader("form/half").number() == 4.5)
        #expect(try reader("form/skipped").number() == nil)
        #expect(try reader("rom/rom/range").number() == 60)
    }

    @Test("Text, several choices, decimals read as integers and malformed paths throw naming the path")
    func refusals() throws {
        #expect(throws: ExtractionError.wrongType(path: "form/note", expected: "double", found: "text")) {
            try reader("form/note").number()
        }
        #expect(throws: ExtractionError.wrongType(path: "form/two", expected: "one number", found: "2 choices")) {
            try reader("form/two").number()
        }
        #expect(throws: ExtractionError.wrongType(path: "form/half", expected: "integer", found: "decimal number")) {
            try reader("form/half").integer()
        }
        #expect(throws: ExtractionError.malformedPath("form//x")) { try reader("form//x") }
        #expect(throws: ExtractionError.missing(path: "form/gone")) { try reader("form/gone").number() }
    }
}
