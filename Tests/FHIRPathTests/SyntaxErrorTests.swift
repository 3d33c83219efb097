import FHIRPath
import Testing

@Suite("A malformed expression is refused at parse time with its line, column and problem")
struct SyntaxErrorTests {
    static func error(_ text: String) -> FHIRPathSyntaxError? {
        do {
            _ = try FHIRPathExpression(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("Each problem names the column of the token at fault")
    func problemsAndColumns() {
        let cases: [(String, FHIRPathSyntaxError.Problem, Int)] = [
            ("", .empty, 1),
            ("  // only a comment", .empty, 20),
            ("1 +", .unexpected(found: "the end of the expression", expected: "a value, a name or '('"), 4),
            ("item.sume()", .unknownFunction("sume"), 5),
            ("'abc'.substring()", .wrongArgumentCount(function: "substring", expected: "1 to 2", found: 0), 6),
            ("'abc", .unterminated("string"), 1),
            ("1 # 2", .unexpectedCharacter("#"), 3),
            ("@2023-02-29", .invalidDateTime("2023-02-29"), 1),
            ("99999999999999999999", .invalidNumber("99999999999999999999"), 1),
            ("1 is Foo.bar", .unknownType("Foo.bar"), 6),
            ("(1 + 2", .unexpected(found: "the end of the expression", expected: "')'"), 7),
            ("1 2", .unexpected(found: "'2'", expected: "an operator or the end"), 3),
            ("'a\\qb'", .invalidEscape, 3),
            (
                "{1}",
                .unexpected(found: "'1'", expected: "'}' (only the empty collection {} is a collection literal)"), 2
            ),
        ]
        for (text, problem, column) in cases {
            let error = Self.error(text)
            #expect(error?.problem == problem, "\(text)")
            #expect(error?.column == column, "\(text)")
        }
    }

    @Test("The description is `column: problem`, with the line when the expression has several")
    func descriptions() {
        #expect(Self.error("item.sume()")?.description == "5: unknown function 'sume'")
        #expect(
            Self.error("item\n  .where(linkId = )")?.description == "2:19: expected a value, a name or '(', found ')'")
    }

    @Test("The variables an expression reads are listed at parse time, the environment's own aside")
    func variableNames() throws {
        let expression = try FHIRPathExpression(
            parsing: "iif(%a.exists(), %a, 0) + %resource.item.count() + %context.x.where($this = %`b c`).count()")
        #expect(expression.variableNames == ["a", "b c"])
    }
}
