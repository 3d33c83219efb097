import Foundation
import Testing

/// `regimen calendar` against `regimen events`: a file expanded by an independent RFC 5545 library over a window
/// holds exactly the events `regimen events --from --to` lists (docs/icalendar.md, "Checking a file").
@Suite(
    "End to end: the iCalendar file expands to exactly the listed events", .serialized,
    .enabled(if: RegimenProcess.python != nil, "python3 is not installed: the iCalendar expansion check needs it"))
struct CalendarExpansionTests {
    /// A survey folder and the moment and zone the participant enrolls in.
    struct Scenario: CustomStringConvertible {
        var name: String
        var zone: String
        var enrollment: String
        /// Survey files: name → YAML.
        var surveys: [String: String]
        /// Windows as days after enrollment, inclusive.
        var windows: [(Int, Int)] = CalendarExpansionTests.windows
        var description: String { name }
    }

    static let windows = [
        (-1, 1), (0, 6), (5, 9), (6, 8), (25, 40), (28, 33), (60, 75), (120, 230), (330, 372), (500, 510),
    ]

    static func survey(_ id: String, _ schedule: String) -> String {
        """
        id: \(id)
        title: \(id.capitalized), Test
        schedule:
        \(schedule)
        steps:
          - instruction: \(id).hello
            title: Hello
            text: A test task.

        """
    }

    static let composed = [
        "composed.yaml": survey(
            "composed",
            """
              - daily: { at: "08:00", end: { anchor: enrollmentDay, offset: { weeks: 1 } }, text: "First week; daily, then weekly" }
              - weekly: { at: "09:30", start: { anchor: enrollmentDay, offset: { weeks: 1 } }, end: { anchor: enrollmentDay, offset: { months: 1 } } }
            """),
        "monthly.yaml": survey(
            "monthly",
            """
              - every: { interval: { months: 1 }, at: "09:00" }
              - every: { interval: { months: 1 }, duration: allDay }
              - every: { interval: { years: 1 }, at: "10:00" }
            """),
        "hourly.yaml": survey(
            "hourly",
            """
              - every: { interval: { hours: 1 }, duration: { minutes: 15 } }
              - every: { interval: { hours: 1, minutes: 30 }, start: { anchor: enrollment, offset: { days: 2 } }, end: { anchor: enrollmentDay, offset: { days: 40 } }, duration: { minutes: 5 } }
            """),
        "allday.yaml": survey(
            "allday",
            """
              - daily: { duration: allDay }
              - every: { interval: { days: 3 }, duration: allDay, end: { anchor: enrollmentDay, offset: { days: 50 } } }
            """),
        "sticky.yaml": survey(
            "sticky",
            """
              - daily: { at: "02:30", duration: { minutes: 20 } }
              - every: { interval: { days: 1, hours: 2 }, at: "06:00", end: { anchor: enrollmentDay, offset: { days: 20 } } }
              - every: { interval: { weeks: 2, days: 1 }, at: "07:00" }
            """),
    ]

    /// Awkward clock times: a repeated hour, a skipped midnight, a half-hour shift.
    static let edges = [
        "edges.yaml": survey(
            "edges",
            """
              - daily: { at: "01:30", duration: { minutes: 45 } }
              - daily: { duration: allDay, end: { anchor: enrollmentDay, offset: { days: 40 } } }
              - every: { interval: { hours: 6 }, duration: { hours: 2 }, end: { anchor: enrollmentDay, offset: { days: 40 } } }
              - every: { interval: { minutes: 45 }, duration: { minutes: 0 }, end: { anchor: enrollmentDay, offset: { days: 12 } } }
            """)
    ]

    static let scenarios = [
        Scenario(
            name: "composed schedules in UTC, enrolled on the 31st", zone: "UTC", enrollment: "2027-01-31T10:00:00Z",
            surveys: composed),
        Scenario(
            name: "composed schedules in Berlin across both DST changes", zone: "Europe/Berlin",
            enrollment: "2026-03-20T10:00:00Z", surveys: composed),
        Scenario(
            name: "composed schedules in New York across both DST changes", zone: "America/New_York",
            enrollment: "2026-10-20T14:00:00Z", surveys: composed),
        Scenario(
            name: "a repeated hour in New York", zone: "America/New_York", enrollment: "2026-10-25T14:00:00Z",
            surveys: edges),
        Scenario(
            name: "a skipped midnight in São Paulo (2018)", zone: "America/Sao_Paulo",
            enrollment: "2018-10-28T14:00:00Z", surveys: edges),
        Scenario(
            name: "half-hour shifts on Lord Howe Island", zone: "Australia/Lord_Howe",
            enrollment: "2026-09-25T02:00:00Z", surveys: edges),
    ]

    /// The task ids of a survey folder: the files with a schedule.
    static func taskIDs(_ surveys: [String: String]) -> [String] {
        surveys.values.filter { $0.contains("\nschedule:") }.compactMap { text in
            text.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
        }.sorted()
    }

    /// The shipped surveys, as a scenario.
    static func shipped() throws -> Scenario {
        let folder = RegimenProcess.packageRoot.appendingPathComponent("surveys")
        var surveys: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".yaml") {
            surveys[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return Scenario(
            name: "the shipped surveys", zone: "Europe/Berlin", enrollment: "2026-11-21T08:04:00Z", surveys: surveys)
    }

    /// Checks every task of `scenario` over every window; `versions` re-writes the surveys that many days after
    /// enrollment.
    func check(_ scenario: Scenario, changes: [(days: Int, surveys: [String: String])] = []) throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ surveys: [String: String]) throws {
            for (name, text) in surveys {
                try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
        }
        try write(scenario.surveys)
        let environment = ["TZ": scenario.zone, "REGIMEN_SURVEYS": folder.path]
        regimen.now = scenario.enrollment
        let enrollment = try #require(ISO8601DateFormatter().date(from: scenario.enrollment))
        let first = try regimen.run(["today"], environment: environment)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        for change in changes {
            regimen.now = ISO8601DateFormatter().string(
                from: enrollment.addingTimeInterval(Double(change.days) * 86_400))
            try write(change.surveys)
            let synced = try regimen.run(["today"], environment: environment)
            #expect(synced.status == 0, "stderr: \(synced.stderr)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: scenario.zone)!
        let format = DateFormatter()
        format.calendar = calendar
        format.timeZone = calendar.timeZone
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd"
        var compared = 0
        for task in Self.taskIDs(scenario.surveys) {
            let file = regimen.sandbox.appendingPathComponent("\(task).ics")
            let written = try regimen.run(["calendar", task, "--output", file.path], environment: environment)
            try #require(written.status == 0, "\(scenario) \(task): \(written.stderr)")
            for (from, to) in scenario.windows {
                let first = format.string(from: enrollment.addingTimeInterval(Double(from) * 86_400))
                let last = format.string(from: enrollment.addingTimeInterval(Double(to) * 86_400))
                let listed = try regimen.run(
                    ["events", task, "--from", first, "--to", last, "--format", "json"], environment: environment)
                try #require(listed.status == 0, "\(listed.stderr)")
                let expected = try ICalendarChecker.spans(ofEventsJSON: listed.stdout)
                let expansion = try ICalendarChecker.expand(
                    file, zone: scenario.zone, first: first, last: last, runner: regimen)
                #expect(
                    expansion.events == expected,
                    "\(scenario) \(task) \(first)…\(last): only in the file \(Set(expansion.events).subtracting(expected).sorted()), only listed \(Set(expected).subtracting(expansion.events).sorted())"
                )
                #expect(expansion.zoneMismatches.isEmpty, "\(scenario) \(task): \(expansion.zoneMismatches.prefix(5))")
                compared += expected.count
            }
        }
        #expect(compared > 0, "\(scenario): no event was compared")
    }

    @Test("every shipped survey's task, in Berlin, over ten windows")
    func shippedSurveys() throws {
        try check(try Self.shipped())
    }

    @Test(
        "composed schedules: a week of dailies then weeklies, the 31st monthly, hourly, all-day, sticky DST shifts, mixed units, awkward clock times",
        arguments: scenarios)
    func composedSchedules(scenario: Scenario) throws {
        try check(scenario)
    }

    @Test("a task with two versions: the second, effective ten days after enrollment, takes over from then")
    func twoVersions() throws {
        let before = [
            "versioned.yaml": Self.survey(
                "versioned",
                """
                  - daily: { at: "08:00" }
                  - weekly: { duration: allDay }
                """)
        ]
        let after = [
            "versioned.yaml": Self.survey(
                "versioned",
                """
                  - daily: { at: "19:45", duration: { minutes: 30 } }
                  - every: { interval: { months: 1 }, at: "12:00", start: { anchor: enrollmentDay, offset: { days: 30 } } }
                """)
        ]
        for zone in ["UTC", "Europe/Berlin"] {
            try check(
                Scenario(
                    name: "two versions in \(zone)", zone: zone, enrollment: "2026-03-20T10:00:00Z", surveys: before),
                changes: [(10, after)])
        }
    }
}
