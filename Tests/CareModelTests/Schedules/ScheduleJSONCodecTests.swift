import Foundation
import RegimenFoundation
import Testing

@testable import CareModel

/// `ScheduleJSON` writes the schedule JSON by hand and reads it by hand: random schedules come back exactly, the
/// bytes are those the old `JSONEncoder` writer gave with sorted keys, text it wrote in its own key order reads the
/// same, and fixed cases keep their exact bytes.
@Suite("Schedule JSON codec: random round trips, the old writer's bytes, golden texts")
struct ScheduleJSONCodecTests {
    @Test(
        "500 random schedules: write → read gives the schedule; the bytes are the old writer's with sorted keys; the old writer's own order reads the same"
    )
    func randomSchedules() throws {
        var sampler = ScheduleSampler(seed: 0x5343_4845)
        for round in 0..<500 {
            let schedule = try sampler.schedule()
            let text = try ScheduleJSON.encode(schedule, taskID: "t")
            #expect(try ScheduleJSON.decode(text, taskID: "t") == schedule, "schedule \(round): \(text)")
            #expect(text == (try LegacyScheduleJSONWriter.text(schedule, sortedKeys: true)), "schedule \(round)")
            let stored = try LegacyScheduleJSONWriter.text(schedule, sortedKeys: false)
            #expect(try ScheduleJSON.decode(stored, taskID: "t") == schedule, "schedule \(round): \(stored)")
            #expect(
                try JSONParser.parse(bytes: Array(stored.utf8)) == JSONParser.parse(bytes: Array(text.utf8)),
                "schedule \(round)")
        }
    }

    /// Fixed schedules and the exact text written for them (the old writer's, with sorted keys).
    static func goldenCases() throws -> [(schedule: Schedule, text: String)] {
        // TimeZone(identifier: "UTC") is named "GMT"; Schedule(composing:) orders the elements by start.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        utc.locale = Locale(identifier: "en_US_POSIX")
        utc.firstWeekday = 1
        utc.minimumDaysInFirstWeek = 1
        var london = Calendar(identifier: .gregorian)
        london.timeZone = try #require(TimeZone(identifier: "Europe/London"))
        london.locale = Locale(identifier: "en_GB")
        london.firstWeekday = 2
        london.minimumDaysInFirstWeek = 4
        var kathmandu = Calendar(identifier: .gregorian)
        kathmandu.timeZone = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        kathmandu.firstWeekday = 1
        kathmandu.minimumDaysInFirstWeek = 1
        func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }
        let created = at(800_000_000.25)
        let daily = try Schedule(composing: [
            ScheduleElement(start: at(788_947_200), interval: .daily, duration: .hours(1), calendar: utc)
        ])
        let mixed = try Schedule(composing: [
            ScheduleElement(
                start: at(794_563_200.5), end: at(802_000_000), interval: ScheduleInterval(minute: 30, hour: 1, day: 2),
                duration: .seconds(900.5), text: "Before breakfast / after \"tea\"\n",
                targetValues: [
                    OutcomeValue(.double(4.5), kind: "pain", units: "points", createdDate: created),
                    OutcomeValue(.text("ok"), createdDate: at(800_000_000)),
                    OutcomeValue(.binary(Data([0xFB, 0xFF])), createdDate: at(1)),
                    OutcomeValue(.boolean(true), kind: "done", createdDate: created),
                    OutcomeValue(.integer(-3), units: "steps", createdDate: created),
                    OutcomeValue(.date(at(800_000_001.125)), createdDate: created),
                    OutcomeValue(.double(1e-7), createdDate: created),
                    OutcomeValue(.double(12), createdDate: created),
                ],
                calendar: london),
            ScheduleElement(
                start: at(789_243_300), interval: ScheduleInterval(weekOfYear: 1, month: 1, year: 1), duration: .allDay,
                calendar: kathmandu),
        ])
        return [
            (
                daily,
                #"{"elements":[{"allDay":false,"calendar":"gregorian","firstWeekday":1,"interval":{"day":1,"hour":0,"minute":0,"month":0,"second":0,"weekOfYear":0,"year":0},"locale":"en_US_POSIX","minimumDaysInFirstWeek":1,"seconds":3600,"start":788947200,"targetValues":[],"timeZone":"GMT"}]}"#
            ),
            (
                mixed,
                #"{"elements":[{"allDay":true,"calendar":"gregorian","firstWeekday":1,"interval":{"day":0,"hour":0,"minute":0,"month":1,"second":0,"weekOfYear":1,"year":1},"locale":"","minimumDaysInFirstWeek":1,"start":789243300,"targetValues":[],"timeZone":"Asia\/Kathmandu"},{"allDay":false,"calendar":"gregorian","end":802000000,"firstWeekday":2,"interval":{"day":2,"hour":1,"minute":30,"month":0,"second":0,"weekOfYear":0,"year":0},"locale":"en_GB","minimumDaysInFirstWeek":4,"seconds":900.5,"start":794563200.5,"targetValues":[{"createdDate":800000000.25,"kind":"pain","type":"double","units":"points","value":4.5},{"createdDate":800000000,"type":"text","value":"ok"},{"createdDate":1,"type":"binary","value":"+\/8="},{"createdDate":800000000.25,"kind":"done","type":"boolean","value":true},{"createdDate":800000000.25,"type":"integer","units":"steps","value":-3},{"createdDate":800000000.25,"type":"date","value":800000001.125},{"createdDate":800000000.25,"type":"double","value":1e-07},{"createdDate":800000000.25,"type":"double","value":12}],"text":"Before breakfast \/ after \"tea\"\n","timeZone":"Europe\/London"}]}"#
            ),
        ]
    }

    @Test("golden cases: the exact bytes written (the old writer's with sorted keys), read back to the schedule")
    func golden() throws {
        for (index, golden) in try Self.goldenCases().enumerated() {
            let text = try ScheduleJSON.encode(golden.schedule, taskID: "t")
            #expect(text == golden.text, "case \(index): \(text)")
            #expect(
                try LegacyScheduleJSONWriter.text(golden.schedule, sortedKeys: true) == golden.text, "case \(index)")
            #expect(try ScheduleJSON.decode(golden.text, taskID: "t") == golden.schedule, "case \(index)")
        }
    }

    @Test("text as the study database's jsonb gives it back (keys reordered, spaces after separators) reads the same")
    func jsonbText() throws {
        for golden in try Self.goldenCases() {
            // jsonb's text: keys by length then bytes, ", " and ": " between members.
            func jsonb(_ value: JSONValue) -> String {
                switch value {
                case .array(let items): return "[" + items.map(jsonb).joined(separator: ", ") + "]"
                case .object(let members):
                    let keys = members.keys.sorted {
                        $0.utf8.count != $1.utf8.count
                            ? $0.utf8.count < $1.utf8.count : $0.utf8.lexicographicallyPrecedes($1.utf8)
                    }
                    return "{"
                        + keys.map { key in
                            var out = ""
                            JSONWriter.appendQuoted(key, into: &out)
                            return out + ": " + jsonb(members[key] ?? .null)
                        }.joined(separator: ", ") + "}"
                case .string(let text):
                    var out = ""
                    JSONWriter.appendQuoted(text, into: &out)
                    return out
                case .null: return "null"
                case .bool(let flag): return flag ? "true" : "false"
                case .integer(let number): return String(number)
                case .double(let number): return JSONWriter.numberText(number)
                }
            }
            let text = jsonb(try JSONParser.parse(bytes: Array(golden.text.utf8)))
            #expect(try ScheduleJSON.decode(text, taskID: "t") == golden.schedule, "\(text)")
        }
    }

    @Test("target values that are not outcome values name the member; a non-finite number has no form")
    func targetValueDamage() throws {
        let golden = try Self.goldenCases()[1].text
        func problem(_ text: String) -> ScheduleJSONProblem? {
            do {
                _ = try ScheduleJSON.decode(text, taskID: "t")
                return nil
            } catch {
                guard case .malformed("t", let problem) = error else { return nil }
                return problem
            }
        }
        #expect(
            problem(golden.replacingOccurrences(of: #""value":4.5"#, with: #""value":"4.5""#))
                == .invalidTargetValues(element: 1, field: "targetValues[0].value"))
        #expect(
            problem(golden.replacingOccurrences(of: #""type":"text""#, with: #""type":"colour""#))
                == .invalidTargetValues(element: 1, field: "targetValues[1].type"))
        #expect(
            problem(golden.replacingOccurrences(of: #""+\/8=""#, with: #""not base64!""#))
                == .invalidTargetValues(element: 1, field: "targetValues[2].value"))
        #expect(
            problem(golden.replacingOccurrences(of: #""kind":"done""#, with: #""kind":7"#))
                == .invalidTargetValues(element: 1, field: "targetValues[3].kind"))
        #expect(
            problem(golden.replacingOccurrences(of: #""createdDate":1,"#, with: #""createdDate":"1","#))
                == .invalidTargetValues(element: 1, field: "targetValues[2].createdDate"))
        #expect(
            problem(golden.replacingOccurrences(of: #""targetValues":[]"#, with: #""targetValues":{}"#))
                == .invalidTargetValues(element: 0, field: "targetValues"))
        #expect(problem(golden.replacingOccurrences(of: #""targetValues":[]"#, with: #""targetValues":null"#)) == nil)
        #expect(problem(golden.replacingOccurrences(of: #","units":"steps""#, with: #","units":null"#)) == nil)

        let element = try ScheduleElement(
            start: Date(timeIntervalSinceReferenceDate: 0), interval: .daily,
            targetValues: [OutcomeValue(.double(.nan), createdDate: Date(timeIntervalSinceReferenceDate: 0))],
            calendar: Calendar(identifier: .gregorian))
        #expect(throws: ScheduleJSONError.nonFiniteNumber(taskID: "n", element: 0, field: "targetValues[0].value")) {
            try ScheduleJSON.encode(try Schedule(composing: [element]), taskID: "n")
        }
    }
}
