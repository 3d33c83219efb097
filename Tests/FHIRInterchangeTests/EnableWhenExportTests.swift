import FHIRInterchange
import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@Suite("Conditions as enableWhen")
struct EnableWhenExportTests {
    private let export = EnableWhenExport(
        formats: [
            "n": .numeric(NumericFormat(style: .integer)), "d": .numeric(NumericFormat(style: .decimal)),
            "b": .boolean(BooleanFormat()),
            "c": .textChoice(
                TextChoiceFormat(
                    style: .multiple,
                    choices: [
                        TextChoice(text: "A", value: .string("A")), TextChoice(text: "Bee", value: .string("b")),
                    ])),
        ],
        timeZone: TimeZone(identifier: "UTC")!)

    private func test(_ id: String, _ condition: AnswerCondition) -> ResultPredicate {
        .result(ResultSelector(resultIdentifier: id), condition)
    }

    /// The entries as (question, operator, answer member) and the behavior, or the failure's reason.
    private func written(_ predicate: ResultPredicate, negated: Bool) -> ([String], String?) {
        switch export.enabling(predicate, negated: negated) {
        case .failure(let failure): return (["failure: \(failure.reason)"], nil)
        case .success(let result):
            let entries = result.entries.map { entry -> String in
                let members = entry.members
                let answer = members.keys.first { $0.hasPrefix("answer") } ?? "?"
                let text =
                    switch members[answer] {
                    case .bool(let flag)?: String(flag)
                    case .integer(let number)?: String(number)
                    case .double(let number)?: String(number)
                    case .string(let text)?: text
                    case .object(let coding)?: if case .string(let code)? = coding["code"] { code } else { "?" }
                    default: "?"
                    }
                guard case .string(let question)? = members["question"], case .string(let op)? = members["operator"]
                else { return "?" }
                return "\(question) \(op) \(answer):\(text)"
            }
            return (entries, result.behavior)
        }
    }

    @Test("a skip rule's condition is negated: = becomes !=, isNil becomes exists true, a range becomes either side")
    func negation() {
        #expect(written(test("b", .booleanEquals(false)), negated: true) == (["b != answerBoolean:false"], nil))
        #expect(written(test("n", .isNil), negated: true) == (["n exists answerBoolean:true"], nil))
        #expect(
            written(test("n", .numberInRange(minimum: 2, maximum: 5)), negated: true)
                == (["n < answerInteger:2", "n > answerInteger:5"], "any"))
        #expect(
            written(test("d", .numberInRange(minimum: 2.5, maximum: nil, minimumExclusive: true)), negated: false)
                == (["d > answerDecimal:2.5"], nil))
        // A range of one value is equality (how import writes `=` on dates).
        #expect(
            written(test("n", .numberInRange(minimum: 3, maximum: 3)), negated: true) == (["n != answerInteger:3"], nil)
        )
    }

    @Test("all and any, De Morgan under not, choices as the options they name; mixes and patterns cannot be said")
    func combinations() {
        let both = ResultPredicate.and([test("b", .booleanEquals(true)), test("c", .choicesInclude([.string("b")]))])
        #expect(written(both, negated: false) == (["b = answerBoolean:true", "c = answerCoding:b"], "all"))
        #expect(written(both, negated: true) == (["b != answerBoolean:true", "c != answerCoding:b"], "any"))
        #expect(
            written(.not(.or([test("n", .isNil), test("c", .choicesInclude([.string("A")]))])), negated: false)
                == (["n exists answerBoolean:true", "c != answerString:A"], "all"))
        let mixed = ResultPredicate.and([test("b", .booleanEquals(true)), .or([test("n", .isNil), test("d", .isNil)])])
        #expect(written(mixed, negated: false).0 == ["failure: it mixes all and any"])
        #expect(
            written(test("c", .choicesMatch(["a.*"])), negated: false).0 == ["failure: enableWhen has no pattern test"])
    }
}
