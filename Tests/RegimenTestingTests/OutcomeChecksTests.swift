import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import Testing

/// A hand-written extractor whose output the tests control, including values its `producedKinds` do not list.
private struct FixedExtractor: OutcomeExtractor {
    var taskIdentifier = "t"
    var producedKinds = [
        OutcomeKindDescription(kind: "a", units: "h", type: .double),
        OutcomeKindDescription(kind: "b", type: .text),
    ]
    var produced: [OutcomeValue.Value] = []
    var kinds: [String?] = []
    var units: [String?] = []

    func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        zip(produced, zip(kinds, units)).map { OutcomeValue($0, kind: $1.0, units: $1.1, createdDate: createdDate) }
    }
}

@Suite("Outcome checks: by kind, with messages that say what differs")
struct OutcomeChecksTests {
    static let date = ResultTree.pinnedStart
    static let outcomes = ExtractedOutcomes(
        taskIdentifier: "t",
        values: [
            OutcomeValue(.double(5), kind: "a", units: "h", createdDate: date),
            OutcomeValue(.text("walk"), kind: "b", createdDate: date),
            OutcomeValue(.text("rest"), kind: "b", createdDate: date),
        ])

    func messages(_ expectations: OutcomeExpectation...) -> [String] {
        Self.outcomes.failures(expectations).map(\.description)
    }

    @Test("Holding expectations report nothing")
    func holding() throws {
        #expect(
            messages(
                .value("a", 5, units: "h"), .values("b", [.text("walk"), .text("rest")]), .absent("c"),
                .kinds(["a", "b"])
            ).isEmpty)
        try Self.outcomes.require(.value("a", 5))
        #expect(try Self.outcomes.double("a") == 5)
        let single = ExtractedOutcomes(
            taskIdentifier: "t", values: [OutcomeValue(.integer(3), kind: "n", createdDate: Self.date)])
        #expect(try single.double("n") == 3)
        #expect(try single.value(ofKind: "n").value == .integer(3))
    }

    @Test("Reading a number from a non-number, or one value from several, says what is there")
    func readingFailures() {
        #expect(throws: OutcomeTestFailure.severalValues(kind: "b", values: [.text("walk"), .text("rest")])) {
            try Self.outcomes.double("b")
        }
        let text = ExtractedOutcomes(
            taskIdentifier: "t", values: [OutcomeValue(.text("x"), kind: "n", createdDate: Self.date)])
        #expect(throws: OutcomeTestFailure.notANumber(kind: "n", actual: .text("x"))) { try text.double("n") }
        #expect(
            OutcomeTestFailure.notANumber(kind: "n", actual: .text("x")).description
                == #"expected kind 'n' to be a number but got "x" (text)"#)
    }

    @Test("A wrong value names kind, expected value and type, and the value found")
    func wrongValue() {
        #expect(messages(.value("a", 4)) == ["expected kind 'a' = 4.0 (double) but got 5.0"])
        #expect(messages(.value("a", .integer(5))) == ["expected kind 'a' = 5 (integer) but got 5.0 (double)"])
    }

    @Test("A missing kind lists the kinds present")
    func missingKind() {
        #expect(messages(.value("y", 1)) == ["no value of kind 'y'; kinds present: a, b"])
        #expect(
            ExtractedOutcomes(taskIdentifier: "t", values: []).failures([.value("y", 1)]).map(\.description)
                == ["no value of kind 'y'; kinds present: none"])
    }

    @Test("Several values where one was expected, wrong units, unexpected values and wrong kinds are explained")
    func otherFailures() {
        #expect(
            messages(.value("b", "walk")) == [
                #"expected one value of kind 'b' but got 2: "walk" (text), "rest" (text)"#
            ])
        #expect(messages(.value("a", 5, units: "min")) == ["expected kind 'a' in units 'min' but it has units 'h'"])
        #expect(messages(.value("a", 5, units: .noUnits)) == ["expected kind 'a' in no units but it has units 'h'"])
        #expect(messages(.absent("a")) == ["expected no value of kind 'a' but got 5.0 (double)"])
        #expect(messages(.kinds(["a"])) == ["expected kinds a but got a, b"])
        #expect(
            messages(.values("b", [.text("rest")])) == [
                #"expected kind 'b' = ["rest" (text)] but got ["walk" (text), "rest" (text)]"#
            ])
    }

    @Test("check reports every failure through the closure; require throws them together")
    func reporting() {
        var reported: [String] = []
        Self.outcomes.check(.value("a", 4), .absent("b"), .value("a", 5)) { reported.append($0) }
        #expect(reported.count == 2)
        #expect(reported.first == "expected kind 'a' = 4.0 (double) but got 5.0")
        #expect(
            throws: OutcomeTestFailure.several([
                .wrongValue(kind: "a", expected: .double(4), actual: .double(5)),
                .unexpectedValues(kind: "b", values: [.text("walk"), .text("rest")]),
            ])
        ) {
            try Self.outcomes.require(.value("a", 4), .absent("b"))
        }
        #expect(throws: OutcomeTestFailure.noValue(kind: "z", presentKinds: ["a", "b"])) {
            try Self.outcomes.require(.absent("c"), .value("z", 1))
        }
    }

    @Test("Running an extractor checks each value against its producedKinds (issue 6: kinds known without running it)")
    func declaredKinds() {
        let tree = ResultTree("t") { Instruction("s") }
        var extractor = FixedExtractor(produced: [.double(1), .text("x")], kinds: ["a", "b"], units: ["h", nil])
        #expect(throws: Never.self) { try extractor.outcomes(from: tree) }
        extractor.kinds = ["a", "c"]
        #expect(throws: OutcomeTestFailure.undeclaredKind(task: "t", kind: "c", declared: ["a", "b"])) {
            try extractor.outcomes(from: tree)
        }
        extractor.kinds = ["a", "b"]
        extractor.units = ["min", nil]
        let failure = OutcomeTestFailure.undeclaredShape(
            task: "t", kind: "a", declared: extractor.producedKinds[0], valueType: "double", units: "min")
        #expect(throws: failure) { try extractor.outcomes(from: tree) }
        #expect(
            failure.description == "the extractor for task 't' produced kind 'a' as double with units 'min', "
                + "but its producedKinds declare double with units 'h'")
        extractor.kinds = [nil, "b"]
        #expect(throws: OutcomeTestFailure.missingKind(task: "t")) { try extractor.outcomes(from: tree) }
    }

    @Test("Extraction errors come back wrapped with the task and the result path (ExtractionError messages)")
    func extractionErrors() {
        let extractor = DeclarativeExtractor(
            taskIdentifier: "checkin",
            entries: [
                .init(kind: "pain", path: ResultPath("checkin.form/checkin.form.pain")!, isRequired: true)
            ])
        let tree = ResultTree("checkin") { Form("checkin.form") { Item("checkin.form.sleep", .scale(8)) } }
        let expected = ExtractionError.missing(path: "checkin.form/checkin.form.pain")
        #expect(extractor.extractionError(on: tree) == expected)
        #expect(throws: Never.self) { try extractor.requireFailure(expected, on: tree) }
        #expect(throws: OutcomeTestFailure.extractionFailed(task: "checkin", error: expected)) {
            try extractor.outcomes(from: tree)
        }
        #expect(
            OutcomeTestFailure.extractionFailed(task: "checkin", error: expected).description
                == "the extractor for task 'checkin' failed: the result has nothing at 'checkin.form/checkin.form.pain'"
        )
        let good = ResultTree("checkin") { Form("checkin.form") { Item("checkin.form.pain", .scale(8)) } }
        #expect(
            OutcomeTestFailure.expectedExtractionError(task: "checkin", expected: expected, actual: nil).description
                == "expected the extractor for task 'checkin' to fail with: the result has nothing at "
                + "'checkin.form/checkin.form.pain'; but it succeeded")
        #expect(throws: OutcomeTestFailure.expectedExtractionError(task: "checkin", expected: expected, actual: nil)) {
            try extractor.requireFailure(expected, on: good)
        }
    }
}
