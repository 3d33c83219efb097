import FHIRPath
import Foundation
import RegimenFoundation
import Testing

@Suite(
    "Regimen's evaluator and fhirpathpy agree on the same expressions over the same QuestionnaireResponse",
    .enabled(if: Fhirpathpy.isInstalled, "needs python3 with fhirpathpy: pip install fhirpathpy"))
struct DifferentialTests {
    /// One case per construct of docs/expressions.md, beyond the ones whose value ExpressionValueTests pins.
    static let handWritten: [String] = [
        "item.where(linkId = 'weight').answer.value", "item.where(linkId = 'weight').answer.valueDecimal",
        "QuestionnaireResponse.item.count()", "%resource.item.linkId", "%context.status", "item[3].answer.value",
        "item.where(linkId = 'group').item.answer.value", "item.where(linkId = 'phq.1').answer.value.display",
        "item.where(linkId = 'dose').answer.value", "item.where(linkId = 'dose').answer.value.value",
        "item.where(linkId = 'onset').answer.value", "item.where(linkId = 'bedtime').answer.value", "authored",
        "1 + 2 * 3", "7 / 2", "0.1 + 0.2", "7 div 2", "-7 div 2", "7 mod 3", "5.5 mod 0.7", "5.5 div 0.7", "5 / 0",
        "5 mod 0", "'ab' + 'cd'", "'ab' & {} & 'cd'", "'ab' + {}", "1 'cm' = 10 'mm'",
        "1 = 1.0", "'a' ~ 'A'", "1.2 ~ 1.24", "{} = 1", "{} ~ {}", "(1 | 2) = (2 | 1)", "(1 | 2) ~ (1 | 2)",
        "@2012 = @2012", "@2012-01 = @2012", "@2012-01-01T10:30:31.0 = @2012-01-01T10:30:31",
        "@2017-11-05T01:30:00.0-04:00 < @2017-11-05T01:15:00.0-05:00", "@2020-01 < @2020-02-02",
        "@2020-02 < @2020-02-02", "@T10:00 < @T10:30", "1 year = 1 'a'", "1 year ~ 1 'a'",
        "'abc' < 'abd'", "true and {}", "false and {}", "{} or false", "{} implies true", "true xor true",
        "2 in (1 | 2)", "(1 | 2) contains 3", "1 is Integer", "1 as Integer", "'a' as Integer",
        "item.exists(linkId = 'height')", "item.all(linkId.exists())", "(true | false).anyTrue()",
        "(1).combine(1).isDistinct()", "(4 | 7 | 10).sum()", "(4 | 7 | 10).avg()", "(4 | 7 | 10).min()",
        "(4.5 | 7).max()",
        "{}.sum()", "{}.max()", "item.where(linkId = 'steps').answer.value.where($index > 0)",
        "(1 | 2 | 3).intersect(2 | 3 | 4)", "(1 | 2 | 3).exclude(2)", "iif({}, 'y', 'n')", "iif(true, 1, 1 / 0)",
        "'12'.toInteger()", "'1.5'.toInteger()", "true.toInteger()", "'abcdef'.substring(2, 2)",
        "'abcdef'.substring(9)", "'abc'.replace('', '-')", "'abc123'.matches('[a-z]+[0-9]+')", "'héllo'.length()",
        "'ab'.toChars()", "(-2.5).abs()", "2.1.ceiling()", "(-2.1).floor()", "2.567.round(2)", "(-2.9).truncate()",
        "@2024-01-31 + 1 month", "@2024-02-29 + 1 year", "@2014 + 23 months", "@2016 + 365 days",
        "@2019-03-01 - 24 months", "@2024-03-01 + 2 weeks", "@2024-03-05T23:30:00Z + 90 minutes",
        "item.where(linkId = 'onset').answer.value + 1 month", "authored > @2024-03-05T09:00:00Z",
        "(%weight / %height / %height).round(1)", "%undefined + 1", "(1 | 2) + 1", "'a' < 1",
        "item.descendants().where(linkId = 'group.inner').answer.value", "item.answer.value.ofType(Coding).code",
        "item.where(linkId='group').children().count()",
    ]

    static let variables: [String: [JSONValue]] = ["weight": [.double(72.5)], "height": [.double(1.8)]]

    @Test("Hand-written cases, one per construct, give equal results, both empty, or both an error")
    func handWrittenCases() throws {
        let mismatches = try Self.compare(Self.handWritten)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.joined(separator: "\n"))")
    }

    @Test("3,000 random well-typed expressions give equal results, both empty, or both an error")
    func randomExpressions() throws {
        var generator = RandomExpressions(seed: 44)
        let expressions = (0..<3000).map { _ in generator.expression() }
        let mismatches = try Self.compare(expressions)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(40).joined(separator: "\n"))")
        // The comparison means something only if most expressions have a value: count what Regimen gave.
        var values = 0
        var empties = 0
        var errors = 0
        for expression in expressions {
            do {
                let result = try Sample.evaluate(expression)
                if result.isEmpty { empties += 1 } else { values += 1 }
            } catch {
                errors += 1
            }
        }
        #expect(values > 2000, "values \(values), empty \(empties), errors \(errors)")
        #expect(errors < 300, "values \(values), empty \(empties), errors \(errors)")
    }

    /// Evaluates `expressions` on both sides, one batch for fhirpathpy; returns a line for each disagreement.
    static func compare(_ expressions: [String]) throws -> [String] {
        let answers = try Fhirpathpy.evaluate(expressions.map { Fhirpathpy.Case(expression: $0, variables: variables) })
        let ours = variables.mapValues { values in
            values.compactMap { value -> FHIRPathValue? in
                if case .double(let number) = value { return Sample.decimal("\(number)") }
                return nil
            }
        }
        var mismatches: [String] = []
        for (expression, answer) in zip(expressions, answers) {
            let mine: Result<[FHIRPathValue], any Error> = Result { try Sample.evaluate(expression, variables: ours) }
            switch (mine, answer) {
            case (.success(let values), .result(let items)):
                if !Fhirpathpy.same(values, items) {
                    mismatches.append("\(expression): Regimen \(Self.text(values)), fhirpathpy \(Self.text(items))")
                }
            case (.failure, .error): break
            case (.success(let values), .error(let message)):
                mismatches.append(
                    "\(expression): Regimen \(values.map(Fhirpathpy.tagged)), fhirpathpy error \(message)")
            case (.failure(let error), .result(let items)):
                mismatches.append("\(expression): Regimen error \(error), fhirpathpy \(Self.text(items))")
            }
        }
        return mismatches
    }

    /// Tagged items on one line: `[{"number":"21"}]`.
    static func text(_ items: [JSONValue]) -> String {
        JSONWriter.prettyText(.array(items)).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    }

    static func text(_ values: [FHIRPathValue]) -> String { text(values.map(Fhirpathpy.tagged)) }
}
