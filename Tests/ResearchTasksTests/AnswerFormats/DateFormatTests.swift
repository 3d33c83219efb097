import Foundation
import Testing

@testable import ResearchTasks

@Suite("Date format (docs/answer-formats.md, \"Formats and their checks\"), pinned to UTC and 2026-11-21 14:30")
struct DateFormatTests {
    func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        FormatFixture.utc(year, month, day, hour, minute)
    }

    let day = AnswerFormat.date(DateFormat(style: .date))
    let moment = AnswerFormat.date(DateFormat(style: .dateAndTime))

    @Test(
        "testDateAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): min > max, default > max, default < min are problems; nil default or one bound are fine"
    )
    func validation() {
        let early = utc(2026, 1, 1)
        let late = utc(2026, 12, 31)
        #expect(
            AnswerFormat.date(DateFormat(style: .date, minimum: late, maximum: early)).validationProblems()
                == [FormatProblem(path: "maximum", reason: "maximum must not be before minimum")])
        #expect(
            AnswerFormat.date(DateFormat(style: .date, minimum: early, maximum: late, defaultDate: utc(2027, 1, 1)))
                .validationProblems()
                == [FormatProblem(path: "defaultDate", reason: "defaultDate must not be after maximum")])
        #expect(
            AnswerFormat.date(DateFormat(style: .date, minimum: early, maximum: late, defaultDate: utc(2025, 1, 1)))
                .validationProblems()
                == [FormatProblem(path: "defaultDate", reason: "defaultDate must not be before minimum")])
        #expect(AnswerFormat.date(DateFormat(style: .date, minimum: early, maximum: late)).validationProblems().isEmpty)
        #expect(AnswerFormat.date(DateFormat(style: .dateAndTime, minimum: early)).validationProblems().isEmpty)
        #expect(AnswerFormat.date(DateFormat(style: .dateAndTime, maximum: late)).validationProblems().isEmpty)
        #expect(day.questionType.rawValue == 11 && moment.questionType.rawValue == 10)
    }

    @Test("Date style: YYYY-MM-DD, today and yesterday give the start of that day in the calendar's zone")
    func dates() {
        #expect(day.answer("2026-11-03") == .date(utc(2026, 11, 3)))
        #expect(day.answer("2026-1-5") == .date(utc(2026, 1, 5)))
        #expect(day.answer("today") == .date(utc(2026, 11, 21)))
        #expect(day.answer("Yesterday") == .date(utc(2026, 11, 20)))
        #expect(day.answer("2024-02-29") == .date(utc(2024, 2, 29)))
    }

    @Test("The context's time zone decides where the day starts")
    func timeZone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 3600) ?? calendar.timeZone
        let context = AnswerParsingContext(calendar: calendar, now: FormatFixture.now)
        #expect((try? day.parse("2026-11-03", context: context).get()) == .date(utc(2026, 11, 2, 23)))
        #expect(day.displayText(for: .date(utc(2026, 11, 2, 23)), context: context) == "2026-11-03")
        #expect(moment.displayText(for: .date(utc(2026, 11, 2, 23, 15)), context: context) == "2026-11-03 00:15")
    }

    @Test(
        "A time skipped by a daylight-saving change is not a date and time",
        .enabled(if: TimeZone(identifier: "Europe/Berlin") != nil, "needs tzdata for Europe/Berlin"))
    func daylightSavingGap() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? calendar.timeZone
        let context = AnswerParsingContext(calendar: calendar, now: FormatFixture.now)
        #expect((try? moment.parse("2026-03-29 02:30", context: context).get()) == nil)
        #expect((try? moment.parse("2026-03-29 03:30", context: context).get()) == .date(utc(2026, 3, 29, 1, 30)))
    }

    @Test("Impossible dates and other shapes are refused")
    func refusals() {
        #expect(day.message("2026-02-30") == "2026-02-30 is not a date: enter a date as YYYY-MM-DD")
        #expect(day.message("2026-13-01") == "2026-13-01 is not a date: enter a date as YYYY-MM-DD")
        #expect(day.message("21/11/2026") != nil)
        #expect(day.message("2026-11-21 08:30") != nil)
        #expect(day.message("tomorrow") != nil)
        #expect(day.message("") == "an answer is needed: enter a date as YYYY-MM-DD")
    }

    @Test("Date style bounds are inclusive and compare by day")
    func dateBounds() {
        let bounded = AnswerFormat.date(
            DateFormat(style: .date, minimum: utc(2026, 1, 1, 10), maximum: utc(2026, 11, 21, 9)))
        let accepted = "a date as YYYY-MM-DD from 2026-01-01 to 2026-11-21"
        #expect(bounded.accepted == accepted)
        #expect(bounded.answer("2026-01-01") == .date(utc(2026, 1, 1)))
        #expect(bounded.answer("today") == .date(utc(2026, 11, 21)))
        #expect(bounded.message("2025-12-31") == "2025-12-31 is before the earliest date 2026-01-01: enter \(accepted)")
        #expect(bounded.message("2026-11-22") == "2026-11-22 is after the latest date 2026-11-21: enter \(accepted)")
        #expect(
            AnswerFormat.date(DateFormat(style: .date, minimum: utc(2026, 1, 1))).accepted
                == "a date as YYYY-MM-DD from 2026-01-01 on")
        #expect(
            AnswerFormat.date(DateFormat(style: .date, maximum: utc(2026, 1, 1))).accepted
                == "a date as YYYY-MM-DD up to 2026-01-01")
    }

    @Test("Date and time: YYYY-MM-DD HH:mm or with T, bounds inclusive to the minute")
    func dateAndTime() {
        #expect(moment.answer("2026-11-21 08:30") == .date(utc(2026, 11, 21, 8, 30)))
        #expect(moment.answer("2026-11-21T08:30") == .date(utc(2026, 11, 21, 8, 30)))
        #expect(moment.answer("2026-11-21  8:05") == .date(utc(2026, 11, 21, 8, 5)))
        #expect(
            moment.message("2026-11-21")
                == "2026-11-21 is not a date and time: enter a date and time as YYYY-MM-DD HH:MM")
        #expect(moment.message("2026-11-21 24:00") != nil)
        #expect(moment.message("2026-11-21 08:60") != nil)
        let bounded = AnswerFormat.date(
            DateFormat(style: .dateAndTime, minimum: utc(2026, 11, 21, 8), maximum: utc(2026, 11, 21, 9)))
        #expect(bounded.answer("2026-11-21 08:00") == .date(utc(2026, 11, 21, 8)))
        #expect(bounded.answer("2026-11-21 09:00") == .date(utc(2026, 11, 21, 9)))
        #expect(
            bounded.message("2026-11-21 07:59")
                == "2026-11-21 07:59 is before the earliest 2026-11-21 08:00: enter a date and time as YYYY-MM-DD HH:MM from 2026-11-21 08:00 to 2026-11-21 09:00"
        )
        #expect(
            bounded.message("2026-11-21 09:01")?.hasPrefix("2026-11-21 09:01 is after the latest 2026-11-21 09:00")
                == true)
    }

    @Test("Defaults as given; display as 2026-11-21 or 2026-11-21 08:30")
    func defaultsAndDisplay() {
        #expect(
            AnswerFormat.date(DateFormat(style: .date, defaultDate: utc(2026, 5, 1))).defaultAnswer
                == .date(utc(2026, 5, 1)))
        #expect(day.defaultAnswer == nil)
        #expect(day.shown(.date(utc(2026, 11, 21, 8, 30))) == "2026-11-21")
        #expect(moment.shown(.date(utc(2026, 11, 21, 8, 30))) == "2026-11-21 08:30")
        #expect(day.accepted == "a date as YYYY-MM-DD")
    }
}

@Suite("Time of day format (docs/answer-formats.md, \"Formats and their checks\")")
struct TimeOfDayFormatTests {
    let format = AnswerFormat.timeOfDay(TimeOfDayFormat())

    @Test("24-hour H:mm and HH:mm, from 00:00 to 23:59")
    func twentyFourHour() {
        #expect(format.answer("7:30") == .timeOfDay(TimeOfDay(hour: 7, minute: 30)))
        #expect(format.answer("07:30") == .timeOfDay(TimeOfDay(hour: 7, minute: 30)))
        #expect(format.answer("00:00") == .timeOfDay(TimeOfDay(hour: 0, minute: 0)))
        #expect(format.answer("23:59") == .timeOfDay(TimeOfDay(hour: 23, minute: 59)))
    }

    @Test("12-hour with am/pm, including noon and midnight")
    func twelveHour() {
        #expect(format.answer("7:30 am") == .timeOfDay(TimeOfDay(hour: 7, minute: 30)))
        #expect(format.answer("7pm") == .timeOfDay(TimeOfDay(hour: 19, minute: 0)))
        #expect(format.answer("7:05 PM") == .timeOfDay(TimeOfDay(hour: 19, minute: 5)))
        #expect(format.answer("12 am") == .timeOfDay(TimeOfDay(hour: 0, minute: 0)))
        #expect(format.answer("12pm") == .timeOfDay(TimeOfDay(hour: 12, minute: 0)))
        #expect(format.answer("7 p.m.") == .timeOfDay(TimeOfDay(hour: 19, minute: 0)))
    }

    @Test("Out-of-range and other shapes are refused")
    func refusals() {
        #expect(format.message("24:00") == "24:00 is not a time: enter a time as HH:MM")
        #expect(format.message("7:60") == "7:60 is not a time: enter a time as HH:MM")
        #expect(format.message("13pm") == "13pm is not a time: enter a time as HH:MM")
        #expect(format.message("0 am") != nil)
        #expect(format.message("7") != nil)
        #expect(format.message("7:5") != nil)
        #expect(format.message("") == "an answer is needed: enter a time as HH:MM")
    }

    @Test("Default as given, display HH:MM, default out of range is a problem (our rule)")
    func defaultsAndDisplay() {
        let withDefault = AnswerFormat.timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 8, minute: 0)))
        #expect(withDefault.defaultAnswer == .timeOfDay(TimeOfDay(hour: 8, minute: 0)))
        #expect(withDefault.validationProblems().isEmpty)
        #expect(format.defaultAnswer == nil)
        #expect(format.shown(.timeOfDay(TimeOfDay(hour: 8, minute: 30))) == "08:30")
        #expect(
            AnswerFormat.timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 25, minute: 0))).problemPaths == [
                "defaultValue"
            ])
    }
}
