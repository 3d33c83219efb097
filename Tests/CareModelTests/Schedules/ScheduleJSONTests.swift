import Foundation
import TestSupport
import Testing

@testable import CareModel

/// A schedule's one JSON form (`ScheduleJSON`): what `encode` writes, `decode` reads back exactly, and text that is not
/// the form is a precise problem, never a crash.
@Suite("Schedule JSON: round trip and damage")
struct ScheduleJSONTests {
    @Test("every field of every element survives: interval, end, duration, text, target values, zone, week rules")
    func roundTrip() throws {
        var london = Pinned.calendar("Europe/London")
        london.firstWeekday = 2
        london.minimumDaysInFirstWeek = 4
        var bare = Calendar(identifier: .gregorian)
        bare.timeZone = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        let created = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        let schedule = try Schedule(composing: [
            ScheduleElement(
                start: Pinned.date("2026-03-01 08:00", london), end: Pinned.date("2026-06-01 00:00", london),
                interval: ScheduleInterval(minute: 30, hour: 1, day: 2), duration: .seconds(900.5), text: "Morning",
                targetValues: [
                    OutcomeValue(.double(4.5), kind: "pain", units: "points", createdDate: created),
                    OutcomeValue(.text("ok"), createdDate: created),
                ],
                calendar: london),
            ScheduleElement(
                start: Pinned.date("2026-01-05 00:00"), interval: ScheduleInterval(weekOfYear: 1, month: 1, year: 1),
                duration: .allDay, calendar: bare),
        ])
        let text = try ScheduleJSON.encode(schedule, taskID: "t")
        #expect(try ScheduleJSON.decode(text, taskID: "t") == schedule)
        #expect(text.contains("\"timeZone\":\"Asia\\/Kathmandu\"") || text.contains("\"timeZone\":\"Asia/Kathmandu\""))
    }

    @Test("only gregorian calendars have a form")
    func otherCalendar() throws {
        var hebrew = Calendar(identifier: .hebrew)
        hebrew.timeZone = Pinned.utc.timeZone
        let schedule = try Schedule(composing: [
            ScheduleElement(start: Pinned.date("2026-01-01 08:00"), interval: .daily, calendar: hebrew)
        ])
        #expect(throws: ScheduleJSONError.unsupportedCalendar(taskID: "h")) {
            try ScheduleJSON.encode(schedule, taskID: "h")
        }
    }

    @Test("damage names the problem: not JSON, a missing or mistyped field, an unknown calendar or zone")
    func damage() throws {
        func problem(_ text: String) -> ScheduleJSONProblem? {
            do {
                _ = try ScheduleJSON.decode(text, taskID: "t")
                return nil
            } catch {
                guard case .malformed(let taskID, let problem) = error, taskID == "t" else { return nil }
                return problem
            }
        }
        let good = try ScheduleJSON.encode(
            try Schedule(composing: [
                ScheduleElement(start: Pinned.date("2026-01-01 08:00"), interval: .daily, calendar: Pinned.utc)
            ]), taskID: "t")
        #expect(problem("{\"elements\": [") == .invalidJSON)
        #expect(problem("not json") == .invalidJSON)
        if case .invalidSchedule? = problem("{}") {} else { Issue.record("{} is not a schedule") }
        #expect(
            problem(good.replacingOccurrences(of: "\"start\":", with: "\"begin\":"))
                == .missingField(element: 0, field: "start"))
        #expect(
            problem(good.replacingOccurrences(of: "\"day\":1", with: "\"day\":\"1\""))
                == .missingField(element: 0, field: "interval.day"))
        #expect(
            problem(good.replacingOccurrences(of: "\"gregorian\"", with: "\"martian\""))
                == .unsupportedCalendar(name: "martian"))
        #expect(
            problem(good.replacing(/"timeZone":"[^"]*"/, with: "\"timeZone\":\"Nowhere\\/City\""))
                == .unknownTimeZone(name: "Nowhere/City"))
    }
}
