import FHIRPath
import Foundation
import Testing

/// One expression and the value it must have on the sample response.
struct ExpectedValue: CustomTestStringConvertible, Sendable {
    let expression: String
    let value: [FHIRPathValue]

    init(_ expression: String, _ value: [FHIRPathValue]) {
        self.expression = expression
        self.value = value
    }

    var testDescription: String { expression }
}

private func int(_ value: Int) -> [FHIRPathValue] { [.integer(value)] }
private func dec(_ text: String) -> [FHIRPathValue] { [Sample.decimal(text)] }
private func bool(_ value: Bool) -> [FHIRPathValue] { [.boolean(value)] }
private func str(_ text: String) -> [FHIRPathValue] { [.string(text)] }
private let empty: [FHIRPathValue] = []

@Suite("Each construct of the subset gives the value FHIRPath N1 defines on a QuestionnaireResponse")
struct ExpressionValueTests {
    static let paths: [ExpectedValue] = [
        .init("item.where(linkId = 'weight').answer.value", dec("72.5")),
        .init("item.where(linkId = 'weight').answer.valueDecimal", dec("72.5")),
        .init("QuestionnaireResponse.item.where(linkId = 'steps').answer.value", int(4) + int(7) + int(10)),
        .init("%resource.item.where(linkId = 'smoker').answer.value", bool(false)),
        .init("%context.item.count()", int(11)),
        .init("item.where(linkId = 'group').item.answer.value", int(3)),
        .init("item[2].linkId", str("weight")),
        .init("item.where(linkId = 'nothing').answer.value", empty),
        .init("item.nothing", empty),
        .init("item.where(linkId = 'onset').answer.value", [.date(FHIRPathDate(year: 2024, month: 1, day: 31))]),
        .init("item.where(linkId = 'bedtime').answer.value", [.time(FHIRPathTime(hour: 22, minute: 30, second: 0))]),
        .init(
            "item.where(linkId = 'dose').answer.value + 0.5 'mg'",
            [.quantity(FHIRPathQuantity(value: 3, unit: "mg"))]),
        .init("item.where(linkId = 'phq.1').answer.value.code", str("LA6569-3")),
        .init("item.descendants().where(linkId = 'group.inner').answer.value", int(3)),
        .init("item.answer.value.ofType(Coding).count()", int(2)),
        .init("item.answer.value.ofType(Quantity).value", dec("2.5")),
    ]

    static let literalsAndArithmetic: [ExpectedValue] = [
        .init("1 + 2 * 3", int(7)), .init("(1 + 2) * 3", int(9)), .init("7 / 2", dec("3.5")),
        .init("0.1 + 0.2", dec("0.3")), .init("0.1 + 0.2 = 0.3", bool(true)),
        .init("7 div 2", int(3)), .init("-7 div 2", int(-3)), .init("7 mod 3", int(1)), .init("-7 mod 3", int(-1)),
        .init("5.5 mod 0.7", dec("0.6")), .init("5.5 div 0.7", int(7)),
        .init("5 / 0", empty), .init("5 div 0", empty), .init("5 mod 0", empty), .init("5.0 / 0.0", empty),
        .init("9223372036854775807 + 1", empty), .init("-(3)", int(-3)), .init("- 2.5", dec("-2.5")),
        .init("'ab' + 'cd'", str("abcd")), .init("'ab' & {} & 'cd'", str("abcd")), .init("'ab' + {}", empty),
        .init("{} + 1", empty), .init("1 'kg' + 500 'g'", [.quantity(FHIRPathQuantity(value: 1.5, unit: "kg"))]),
        .init("2 'mg' * 3", [.quantity(FHIRPathQuantity(value: 6, unit: "mg"))]),
        .init("12 'cm' * 3 'cm'", [.quantity(FHIRPathQuantity(value: 36, unit: "cm.cm"))]),
        .init("'\\u00e9\\t\\''", str("é\t'")),
        .init("true", bool(true)), .init("{}", empty),
    ]

    static let comparisonAndLogic: [ExpectedValue] = [
        .init("1 = 1.0", bool(true)), .init("1 != 2", bool(true)), .init("'a' = 'A'", bool(false)),
        .init("'a' ~ 'A'", bool(true)), .init("' a  b ' ~ 'A B'", bool(true)), .init("1.2 ~ 1.24", bool(true)),
        .init("{} = 1", empty), .init("{} ~ {}", bool(true)), .init("{} ~ 1", bool(false)),
        .init("(1 | 2) = (1 | 2)", bool(true)), .init("(1 | 2) = (2 | 1)", bool(false)),
        .init("(1 | 2) ~ (2 | 1)", bool(true)),
        .init("@2012 = @2012", bool(true)), .init("@2012-01 = @2012", empty), .init("@2012-01 ~ @2012", bool(false)),
        .init("@2012-01-01T10:30:31.0 = @2012-01-01T10:30:31", bool(true)),
        .init("@2012-01-01T10:30:31 = @2012-01-01T10:30", empty),
        .init("@2017-11-05T01:30:00.0-04:00 = @2017-11-05T00:30:00.0-05:00", bool(true)),
        .init("@2017-11-05T01:30:00.0-04:00 < @2017-11-05T01:15:00.0-05:00", bool(true)),
        .init("@2020-01 < @2020-02-02", bool(true)), .init("@2020-02 < @2020-02-02", empty),
        .init("@T10:00 < @T10:30", bool(true)), .init("1 year = 1 'a'", bool(false)),
        .init("1 year ~ 1 'a'", bool(true)),
        .init("1 second = 1 's'", bool(true)), .init("1 'm' = 100 'cm'", bool(true)), .init("1 'm' < 2 'kg'", empty),
        .init("'abc' < 'abd'", bool(true)), .init("2 > 1.5", bool(true)), .init("{} < 1", empty),
        .init("true and {}", empty), .init("false and {}", bool(false)), .init("true or {}", bool(true)),
        .init("{} or false", empty), .init("true xor true", bool(false)), .init("{} xor true", empty),
        .init("false implies {}", bool(true)), .init("{} implies true", bool(true)), .init("{} implies false", empty),
        .init("true.not()", bool(false)), .init("{}.not()", empty), .init("2 in (1 | 2)", bool(true)),
        .init("(1 | 2) contains 3", bool(false)), .init("{} in (1 | 2)", empty),
        .init("1 is Integer", bool(true)), .init("1 is Decimal", bool(false)), .init("1.0 as Decimal", dec("1.0")),
        .init("'a' as Integer", empty), .init("1.is(Integer)", bool(true)),
    ]

    static let functions: [ExpectedValue] = [
        .init("{}.empty()", bool(true)), .init("item.exists()", bool(true)),
        .init("item.exists(linkId = 'height')", bool(true)), .init("item.all(linkId.exists())", bool(true)),
        .init("(true | false).allTrue()", bool(false)), .init("(true | false).anyTrue()", bool(true)),
        .init("(1 | 2 | 2).count()", int(2)), .init("(1).combine(1).distinct().count()", int(1)),
        .init("(1).combine(1).isDistinct()", bool(false)),
        .init("item.where(linkId = 'steps').answer.value.sum()", int(21)),
        .init("item.where(linkId = 'steps').answer.value.avg()", dec("7")),
        .init("item.where(linkId = 'steps').answer.value.min()", int(4)),
        .init("item.where(linkId = 'steps').answer.value.max()", int(10)), .init("{}.sum()", int(0)),
        .init("{}.max()", empty),
        .init("item.where(linkId = 'steps').answer.value.select($this * 2)", int(8) + int(14) + int(20)),
        .init("item.where(linkId = 'steps').answer.value.where($index > 0)", int(7) + int(10)),
        .init("item.where(linkId = 'steps').answer.value.first()", int(4)),
        .init("item.where(linkId = 'steps').answer.value.last()", int(10)),
        .init("item.where(linkId = 'steps').answer.value.tail()", int(7) + int(10)),
        .init("item.where(linkId = 'steps').answer.value.skip(2)", int(10)),
        .init("item.where(linkId = 'steps').answer.value.take(2)", int(4) + int(7)),
        .init("(1 | 2 | 3).intersect(2 | 3 | 4)", int(2) + int(3)), .init("(1 | 2 | 3).exclude(2)", int(1) + int(3)),
        .init("(1 | 2).union(2 | 3)", int(1) + int(2) + int(3)), .init("(1 | 2).combine(2)", int(1) + int(2) + int(2)),
        .init("iif(true, 'y', 'n')", str("y")), .init("iif({}, 'y', 'n')", str("n")), .init("iif(false, 'y')", empty),
        .init("iif(true, 1, 1 / 0)", int(1)), .init("'12'.toInteger()", int(12)), .init("'1.5'.toInteger()", empty),
        .init("'1.50'.toDecimal()", dec("1.5")), .init("true.toInteger()", int(1)), .init("1.5.toString()", str("1.5")),
        .init("5 'mg'.toString()", str("5 'mg'")), .init("'yes'.toBoolean()", bool(true)),
        .init("'2024-02'.toDate()", [.date(FHIRPathDate(year: 2024, month: 2))]),
        .init("'abcdef'.indexOf('cd')", int(2)), .init("'abcdef'.substring(2)", str("cdef")),
        .init("'abcdef'.substring(2, 2)", str("cd")), .init("'abcdef'.substring(9)", empty),
        .init("'abc'.startsWith('ab')", bool(true)), .init("'abc'.endsWith('bc')", bool(true)),
        .init("'abc'.contains('d')", bool(false)), .init("'aBc'.upper()", str("ABC")),
        .init("'aBc'.lower()", str("abc")),
        .init("'abcb'.replace('b', 'x')", str("axcx")), .init("'abc'.replace('', '-')", str("-a-b-c-")),
        .init("'abc123'.matches('[a-z]+[0-9]+')", bool(true)), .init("'héllo'.length()", int(5)),
        .init("'ab'.toChars()", str("a") + str("b")), .init("(-2.5).abs()", dec("2.5")), .init("2.1.ceiling()", int(3)),
        .init("(-2.1).floor()", int(-3)), .init("2.567.round(2)", dec("2.57")),
        .init("1.25.round(1)", dec("1.3")), .init("1.round()", dec("1")), .init("(-2.9).truncate()", int(-2)),
        .init("today()", [.date(FHIRPathDate(year: 2024, month: 3, day: 5))]),
        .init(
            "now()",
            [
                .dateTime(
                    FHIRPathDateTime(
                        date: FHIRPathDate(year: 2024, month: 3, day: 5),
                        time: FHIRPathTime(hour: 13, minute: 0, second: 0, millisecond: 0), offsetMinutes: 60))
            ]),
        .init("item.answer.value.ordinal().sum()", dec("3")),
        .init("item.where(linkId = 'phq.2').answer.ordinal()", dec("2")),
        .init("item.answer.value.extension('\(Sample.ordinalValue)').value.count()", int(2)),
        .init("item.where(linkId='group').children().count()", int(2)),
    ]

    static let dateArithmetic: [ExpectedValue] = [
        .init("@2024-01-31 + 1 month", [.date(FHIRPathDate(year: 2024, month: 2, day: 29))]),
        .init("@2023-01-31 + 1 month", [.date(FHIRPathDate(year: 2023, month: 2, day: 28))]),
        .init("@2024-02-29 + 1 year", [.date(FHIRPathDate(year: 2025, month: 2, day: 28))]),
        .init("@2014 + 23 months", [.date(FHIRPathDate(year: 2015))]),
        .init("@2016 + 365 days", [.date(FHIRPathDate(year: 2017))]),
        .init("@2019-03-01 - 24 months", [.date(FHIRPathDate(year: 2017, month: 3, day: 1))]),
        .init("@2024-03-01 - 1 day", [.date(FHIRPathDate(year: 2024, month: 2, day: 29))]),
        .init("@2024-03-01 + 2 weeks", [.date(FHIRPathDate(year: 2024, month: 3, day: 15))]),
        .init(
            "@2024-03-05T23:30Z + 90 minutes",
            [
                .dateTime(
                    FHIRPathDateTime(
                        date: FHIRPathDate(year: 2024, month: 3, day: 6),
                        time: FHIRPathTime(hour: 1, minute: 0), offsetMinutes: 0))
            ]),
        .init("@T23:30 + 1 hour", [.time(FHIRPathTime(hour: 0, minute: 30))]),
        .init("@T10:00:00 + 1.5 's'", [.time(FHIRPathTime(hour: 10, minute: 0, second: 1))]),
        .init(
            "item.where(linkId = 'onset').answer.value + 1 month",
            [.date(FHIRPathDate(year: 2024, month: 2, day: 29))]),
        .init("authored > @2024-03-05T09:00:00Z", bool(true)),
        .init("authored < @2024-03-05T09:30:00Z", bool(true)),
        .init("today() - 1 year", [.date(FHIRPathDate(year: 2023, month: 3, day: 5))]),
    ]

    @Test(
        "Paths reach answers by linkId, through the resource type, %resource, %context, groups and choice types",
        arguments: paths)
    func pathValues(_ expected: ExpectedValue) throws {
        #expect(try Sample.evaluate(expected.expression) == expected.value)
    }

    @Test(
        "Literals, arithmetic and quantities follow N1 §4.1 and §6.6: empty for division by zero and overflow",
        arguments: literalsAndArithmetic)
    func arithmeticValues(_ expected: ExpectedValue) throws {
        #expect(try Sample.evaluate(expected.expression) == expected.value)
    }

    @Test("Equality, equivalence, comparison and three-valued logic follow N1 §6.1–6.5", arguments: comparisonAndLogic)
    func comparisonValues(_ expected: ExpectedValue) throws {
        #expect(try Sample.evaluate(expected.expression) == expected.value)
    }

    @Test(
        "Functions follow N1 §5, the aggregates fhirpathpy's definitions, ordinal() the options' scores",
        arguments: functions)
    func functionValues(_ expected: ExpectedValue) throws {
        #expect(try Sample.evaluate(expected.expression) == expected.value)
    }

    @Test(
        "Date and time arithmetic uses calendar units and keeps the value's precision (N1 §6.7)",
        arguments: dateArithmetic)
    func dateValues(_ expected: ExpectedValue) throws {
        #expect(try Sample.evaluate(expected.expression) == expected.value)
    }

    @Test("The PHQ-9 total and the BMI read the caller's variables, as SDC's calculatedExpression does")
    func sdcVariables() throws {
        let weight = try Sample.evaluate("item.where(linkId = 'weight').answer.value")
        let height = try Sample.evaluate("item.where(linkId = 'height').answer.value")
        let bmi = try Sample.evaluate(
            "(%weight / %height / %height).round(1)", variables: ["weight": weight, "height": height])
        #expect(bmi == dec("22.4"))
        let total = try Sample.evaluate(
            "iif(%q1.exists(), %q1, 0) + iif(%q2.exists(), %q2, 0)",
            variables: ["q1": try Sample.evaluate("item.where(linkId = 'phq.1').answer.ordinal()"), "q2": []])
        #expect(total == dec("1"))
    }
}
