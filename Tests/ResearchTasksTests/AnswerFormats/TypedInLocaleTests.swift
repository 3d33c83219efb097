import Foundation
import Testing

@testable import ResearchTasks

@Suite(
    "Answers typed with an East Asian input method: fullwidth numbers, dates in the locale's order (docs/languages.md, \"What is read\"), pinned to UTC and 2026-11-21 14:30"
)
struct TypedInLocaleTests {
    let japanese = AnswerParsingContext(
        calendar: FormatFixture.calendar, now: FormatFixture.now, locale: Locale(identifier: "ja"))
    let chinese = AnswerParsingContext(
        calendar: FormatFixture.calendar, now: FormatFixture.now, locale: Locale(identifier: "zh-Hans"))

    let day = AnswerFormat.date(DateFormat(style: .date))
    let moment = AnswerFormat.date(DateFormat(style: .dateAndTime))
    let scale = AnswerFormat.scale(ScaleFormat(minimum: 1, maximum: 10))
    let decimal = AnswerFormat.numeric(NumericFormat(style: .decimal, minimum: -10, maximum: 300))
    let integer = AnswerFormat.numeric(NumericFormat(style: .integer, minimum: 0, maximum: 100_000))
    let choice = AnswerFormat.textChoice(
        TextChoiceFormat(
            style: .single,
            choices: [
                TextChoice(text: "とても良い", value: .string("great")),
                TextChoice(text: "まあまあ", value: .string("okay")),
            ]))

    func parsed(_ format: AnswerFormat, _ text: String, _ context: AnswerParsingContext) -> Answer? {
        try? format.parse(text, context: context).get()
    }

    func message(_ format: AnswerFormat, _ text: String, _ context: AnswerParsingContext) -> String? {
        if case .failure(let error) = format.parse(text, context: context) { return error.message }
        return nil
    }

    @Test("Fullwidth digits, point and signs are the numbers their ASCII forms are, mixed widths included")
    func fullwidthNumbers() {
        #expect(parsed(scale, "７", japanese) == .scale(.integer(7)))
        #expect(parsed(scale, "１０", FormatFixture.context) == .scale(.integer(10)))
        #expect(parsed(decimal, "４．５", japanese) == .numeric(.decimal(4.5)))
        #expect(parsed(decimal, "４.５", japanese) == .numeric(.decimal(4.5)))
        #expect(parsed(decimal, "４。５", japanese) == .numeric(.decimal(4.5)))
        #expect(parsed(decimal, "－３", japanese) == .numeric(.decimal(-3)))
        #expect(parsed(decimal, "＋７２．５", japanese) == parsed(decimal, "+72.5", japanese))
        #expect(parsed(integer, "４２００", chinese) == .numeric(.integer(4200)))
    }

    @Test("Fullwidth input still obeys the format: bounds, grouping separators and stray characters are refused")
    func fullwidthRefusals() throws {
        let above = try #require(message(scale, "１１", japanese))
        #expect(above.hasPrefix("11 "), "the message names the number read: \(above)")
        #expect(message(integer, "１，０００", japanese) != nil)
        #expect(message(decimal, "４．．５", japanese) != nil)
        #expect(message(decimal, "－－３", japanese) != nil)
        #expect(message(decimal, "４ｋｇ", japanese) != nil)
    }

    @Test("A choice is picked by its translated label, its number, or its number in fullwidth digits")
    func choices() {
        #expect(parsed(choice, "まあまあ", japanese) == .choices([.string("okay")]))
        #expect(parsed(choice, "2", japanese) == .choices([.string("okay")]))
        #expect(parsed(choice, "２", japanese) == .choices([.string("okay")]))
        #expect(parsed(choice, "３", japanese) == nil)
    }

    @Test("Japanese reads 2026年11月29日 and 2026/11/29 as well as ISO 8601, in fullwidth digits too")
    func japaneseDates() {
        let expected = Answer.date(FormatFixture.utc(2026, 11, 29))
        #expect(parsed(day, "2026年11月29日", japanese) == expected)
        #expect(parsed(day, "２０２６年１１月２９日", japanese) == expected)
        #expect(parsed(day, "2026 年 11 月 29 日", japanese) == expected)
        #expect(parsed(day, "2026/11/29", japanese) == expected)
        #expect(parsed(day, "２０２６／１１／２９", japanese) == expected)
        #expect(parsed(day, "2026-11-29", japanese) == expected)
        #expect(parsed(day, "２０２６－１１－２９", japanese) == expected)
        #expect(parsed(moment, "2026年11月29日 9:30", japanese) == .date(FormatFixture.utc(2026, 11, 29, 9, 30)))
        #expect(parsed(moment, "２０２６/１１/２９　０９：３０", japanese) == .date(FormatFixture.utc(2026, 11, 29, 9, 30)))
    }

    @Test("Simplified Chinese reads 2026年11月29日 as well as ISO 8601")
    func chineseDates() {
        let expected = Answer.date(FormatFixture.utc(2026, 11, 29))
        #expect(parsed(day, "2026年11月29日", chinese) == expected)
        #expect(parsed(day, "２０２６年１１月２９日", chinese) == expected)
        #expect(parsed(day, "2026-11-29", chinese) == expected)
    }

    @Test("Without a locale only ISO 8601 is read, so the locale's forms come from the context, not the process")
    func noLocale() {
        #expect(parsed(day, "2026年11月29日", FormatFixture.context) == nil)
        #expect(parsed(day, "2026/11/29", FormatFixture.context) == nil)
        #expect(parsed(day, "２０２６－１１－２９", FormatFixture.context) == .date(FormatFixture.utc(2026, 11, 29)))
    }

    @Test("A date in the locale's order that names no day is refused, saying why; other shapes are not dates")
    func hostileDates() throws {
        let month = try #require(message(day, "２０２６年１３月１日", japanese))
        #expect(month.contains("2026年13月1日 is not a date: there is no month 13"), "\(month)")
        let february = try #require(message(day, "2026年2月30日", chinese))
        #expect(february.contains("month 2 of 2026 has 28 days, not 30"), "\(february)")
        #expect(message(day, "2026年0月1日", japanese)?.contains("there is no month 0") == true)
        // A two-digit year is a guess, a missing field or trailing text is no date, and day-month order is not Japan's.
        #expect(message(day, "26年11月29日", japanese)?.contains("is not a date") == true)
        #expect(message(day, "2026年11月", japanese)?.contains("is not a date") == true)
        #expect(message(day, "2026年11月29日です", japanese)?.contains("is not a date") == true)
        #expect(message(day, "29/11/2026", japanese)?.contains("is not a date") == true)
        let bounded = AnswerFormat.date(DateFormat(style: .date, maximum: FormatFixture.utc(2026, 11, 1)))
        #expect(message(bounded, "2026年11月29日", chinese) != nil, "the format's bounds still apply")
    }

    @Test("A day is shown as the locale writes it when its pattern is numeric, else in ISO 8601, and reads back")
    func shownDates() {
        let date = FormatFixture.utc(2026, 11, 29, 9, 30)
        let english = AnswerParsingContext(
            calendar: FormatFixture.calendar, now: FormatFixture.now, locale: Locale(identifier: "en"))
        #expect(day.displayText(for: .date(FormatFixture.utc(2026, 11, 29)), context: japanese) == "2026年11月29日")
        #expect(day.displayText(for: .date(FormatFixture.utc(2026, 11, 29)), context: chinese) == "2026年11月29日")
        #expect(moment.displayText(for: .date(date), context: japanese) == "2026年11月29日 09:30")
        #expect(moment.displayText(for: .date(date), context: english) == "2026-11-29 09:30")
        #expect(moment.displayText(for: .date(date), context: FormatFixture.context) == "2026-11-29 09:30")
        #expect(parsed(moment, moment.displayText(for: .date(date), context: japanese), japanese) == .date(date))
        let bounded = AnswerFormat.date(DateFormat(style: .date, minimum: FormatFixture.utc(2020, 1, 1)))
        #expect(bounded.acceptedInputDescription(context: japanese).contains("2020年1月1日"))
        #expect(bounded.acceptedInputDescription(context: english).contains("2020-01-01"))
    }

    @Test("CLDR's patterns give the forms: numeric ones are kept, one with a month name is not")
    func patterns() {
        #expect(LocaleDateOrder.pieces("y/M/d") == [.year, .literal("/"), .month, .literal("/"), .day])
        #expect(
            LocaleDateOrder.pieces("y年M月d日") == [.year, .literal("年"), .month, .literal("月"), .day, .literal("日")])
        #expect(LocaleDateOrder.pieces("MMM d, y") == nil)
        #expect(LocaleDateOrder.pieces("y/M/d EEE") == nil)
        #expect(LocaleDateOrder.pieces("d.M.y") == [.day, .literal("."), .month, .literal("."), .year])
        #expect(LocaleDateOrder(locale: Locale(identifier: "ja")).forms.count == 2)
    }
}
