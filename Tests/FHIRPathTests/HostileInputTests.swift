import FHIRPath
import Foundation
import Testing

@Suite("Hostile expressions end in a clear error, never a trap or a stack overflow")
struct HostileInputTests {
    static func syntaxProblem(_ text: String) -> FHIRPathSyntaxError.Problem? {
        do {
            _ = try FHIRPathExpression(parsing: text)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test("10,000 nested parentheses are refused as nesting too deep")
    func deepParentheses() {
        let text = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(Self.syntaxProblem(text) == .nestingTooDeep(limit: 100))
    }

    @Test("10,000 nested unary minuses and brackets, and 5,000 nested calls, are refused as nesting too deep")
    func deepPrefixesAndCalls() {
        #expect(Self.syntaxProblem(String(repeating: "-", count: 10_000) + "1") == .nestingTooDeep(limit: 100))
        let calls = String(repeating: "iif(true,", count: 5000) + "1" + String(repeating: ",0)", count: 5000)
        #expect(Self.syntaxProblem(calls) == .nestingTooDeep(limit: 100))
        let brackets = "item" + String(repeating: "[item", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.syntaxProblem(brackets) == .nestingTooDeep(limit: 100))
    }

    @Test("A chain of 10,000 operators or path steps, whose tree would be as deep, is refused")
    func longChains() {
        #expect(
            Self.syntaxProblem(Array(repeating: "1", count: 10_000).joined(separator: " + "))
                == .nestingTooDeep(limit: 100))
        #expect(Self.syntaxProblem("item" + String(repeating: ".item", count: 10_000)) == .nestingTooDeep(limit: 100))
    }

    @Test("A 1 MB expression is refused before it is read")
    func megabyte() {
        let text = "'" + String(repeating: "a", count: 1_048_576) + "'"
        #expect(Self.syntaxProblem(text) == .tooLong(limit: 65_536))
    }

    @Test("An expression just under the limits parses and evaluates")
    func withinLimits() throws {
        let sum = Array(repeating: "1", count: 99).joined(separator: " + ")
        #expect(try Sample.evaluate(sum) == [.integer(99)])
        let nested = String(repeating: "(", count: 90) + "2" + String(repeating: ")", count: 90)
        #expect(try Sample.evaluate(nested) == [.integer(2)])
    }

    @Test("A variable used but not defined is an evaluation error naming it")
    func undefinedVariable() {
        #expect(throws: FHIRPathEvaluationError.undefinedVariable("score")) { try Sample.evaluate("%score + 1") }
        #expect(FHIRPathEvaluationError.undefinedVariable("score").description == "the variable %score is not defined")
        #expect(
            FHIRPathEvaluationError.incompatibleTypes(operation: "'<'", left: "String", right: "Integer").description
                == "'<' cannot combine an item of type String with one of type Integer")
    }

    @Test("A path to nothing is empty, and so is everything computed from it")
    func pathToNothing() throws {
        #expect(try Sample.evaluate("item.where(linkId = 'missing').answer.value") == [])
        #expect(try Sample.evaluate("item.where(linkId = 'missing').answer.value + 1") == [])
        #expect(try Sample.evaluate("item.where(linkId = 'missing').answer.value.exists()") == [.boolean(false)])
    }

    @Test("Several items where one is needed, and kinds an operator does not take, are errors FHIRPath defines")
    func specificationErrors() {
        #expect(throws: FHIRPathEvaluationError.notASingleton(operation: "'+'", count: 3)) {
            try Sample.evaluate("item.where(linkId = 'steps').answer.value + 1")
        }
        #expect(throws: FHIRPathEvaluationError.incompatibleTypes(operation: "'<'", left: "String", right: "Integer")) {
            try Sample.evaluate("'a' < 1")
        }
        #expect(throws: FHIRPathEvaluationError.notADuration(unit: "kg", operation: "'+'")) {
            try Sample.evaluate("@2024-01-01 + 1 'kg'")
        }
        #expect(throws: FHIRPathEvaluationError.dateOutOfRange) { try Sample.evaluate("@9999-12-31 + 1 day") }
        #expect(throws: FHIRPathEvaluationError.negativeRoundingPrecision(-1)) { try Sample.evaluate("1.5.round(-1)") }
        #expect(throws: FHIRPathEvaluationError.invalidRegularExpression("[")) {
            try Sample.evaluate("'a'.matches('[')")
        }
    }

    @Test("Expressions whose results grow exponentially stop at the item and string limits")
    func exponentialGrowth() {
        let nestedSelects = String(repeating: "(1 | 2).select(", count: 40) + "1" + String(repeating: ")", count: 40)
        #expect(throws: FHIRPathEvaluationError.tooManyItems(limit: 10_000)) { try Sample.evaluate(nestedSelects) }
        let doubling = "'ab'" + String(repeating: ".replace('a', 'aa').replace('b', 'bb')", count: 45)
        #expect(throws: FHIRPathEvaluationError.stringTooLong(limit: 1_048_576)) { try Sample.evaluate(doubling) }
    }

    @Test("Huge quantities and exotic dates give an error or empty, not a trap")
    func extremeValues() throws {
        #expect(throws: FHIRPathEvaluationError.dateOutOfRange) {
            try Sample.evaluate("@2024-01-01 + 99999999999999999999999.0 days")
        }
        #expect(try Sample.evaluate("9223372036854775807 * 2") == [])
        #expect(try Sample.evaluate("(-9223372036854775807 - 1).abs()") == [])
        #expect(try Sample.evaluate("'abc'.substring(-5)") == [])
        #expect(try Sample.evaluate("@T10:00:00.123456789 = @T10:00:00.123") == [.boolean(true)])
    }
}
