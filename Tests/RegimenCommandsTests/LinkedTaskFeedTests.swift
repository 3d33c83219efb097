import CareModel
import Catalog
import Foundation
import OutcomeMapping
import SystemPackage
import TerminalRunner
import TestSupport
import Testing

@testable import RegimenCommands

/// How the commands show Health-linked tasks (docs/health-export.md, "Linked tasks"): the care feed's measured lines
/// (met, so far, no data yet, missed), their progress text, the refusal to run one, and the wide CSV that puts the
/// check-in's self-reported sleep beside the measured sleep.
@Suite("Linked tasks in the care feed, errors and the wide CSV")
struct LinkedTaskFeedTests {
    static let calendar: Calendar = Pinned.calendar("Europe/Berlin")

    static func date(_ day: Int, _ hour: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour))!
    }

    /// "Walk 8,000 steps": daily all day from 21 November, goal 8,000 steps.
    static let steps: CareTask = {
        let goal = OutcomeValue(.double(8000), kind: "steps", units: "steps", createdDate: date(21))
        let element = try! ScheduleElement(
            start: date(21), interval: .daily, duration: .allDay, targetValues: [goal], calendar: calendar)
        return CareTask(id: "steps", title: "Walk 8,000 steps", schedule: try! Schedule(composing: [element]))
    }()

    /// The steps event of day `day`, with an outcome of `count` steps (none when nil).
    static func event(day: Int, count: Double?) -> Event {
        let scheduled = steps.schedule.events(from: date(day), to: date(day + 1))[0]
        return Event(
            task: steps, scheduleEvent: scheduled,
            outcome: count.map {
                Outcome(
                    id: "o", taskVersionUUID: steps.uuid, occurrence: scheduled.occurrence,
                    values: [OutcomeValue(.double($0), kind: "steps", units: "steps", createdDate: date(day, 9))],
                    createdDate: date(day, 9), eventStart: scheduled.start, eventEnd: scheduled.end)
            })
    }

    static func state(day: Int, count: Double?, now: Date) -> CareFeedDay.Line.State {
        CareFeedDay.state(of: event(day: day, count: count), day: date(day), next: date(day + 1), now: now)
    }

    @Test(
        "a measured line is met once the goal is reached, so far below it, awaiting data without any, missed when its day ended short"
    )
    func states() {
        let noon = Self.date(23, 12)
        #expect("\(Self.state(day: 23, count: 8412, now: noon))" == "met")
        #expect("\(Self.state(day: 23, count: 5231, now: noon))" == "measuring")
        #expect("\(Self.state(day: 23, count: nil, now: noon))" == "awaitingData")
        #expect("\(Self.state(day: 22, count: 5231, now: noon))" == "missed")
        #expect("\(Self.state(day: 22, count: nil, now: noon))" == "missed")
        #expect("\(Self.state(day: 22, count: 8000, now: noon))" == "met")
        #expect("\(Self.state(day: 24, count: nil, now: noon))" == "upcoming")
    }

    @Test("the feed's lines show progress toward the goal, count only met events as done, and are never due to run")
    func rendered() {
        let noon = Self.date(23, 12)
        let lines =
            [(22, 5231.0), (23, 5231.4), (23, 8412)].map { day, count in
                CareFeedDay.Line(
                    title: "Walk 8,000 steps", event: Self.event(day: day, count: count),
                    state: CareFeedDay.state(
                        of: Self.event(day: day, count: count), day: Self.date(day), next: Self.date(day + 1), now: noon
                    ))
            } + [
                CareFeedDay.Line(
                    title: "Walk 8,000 steps", event: Self.event(day: 23, count: nil),
                    state: CareFeedDay.state(
                        of: Self.event(day: 23, count: nil), day: Self.date(23), next: Self.date(24), now: noon))
            ]
        let day = CareFeedDay(day: Self.date(23), lines: lines, adherence: .progress(0.25))
        let text = CareFeedRenderer(calendar: Self.calendar, style: TextStyle(color: false)).render(day)
        #expect(
            text == """
                Monday 23 November 2026
                  ✗ Walk 8,000 steps  missed          5,231 of 8,000 steps
                  ◐ Walk 8,000 steps  so far          5,231.4 of 8,000 steps
                  ✓ Walk 8,000 steps  met             8,412 of 8,000 steps
                  ○ Walk 8,000 steps  no data yet     goal 8,000 steps
                  Adherence ◔ 25%  (1 of 4 done)
                """)
        #expect(day.linesDue(at: noon).isEmpty)
    }

    @Test("progress numbers: thousands separated, at most one decimal, whole numbers bare")
    func numbers() {
        #expect(TargetProgress.number(5231.44) == "5,231.4")
        #expect(TargetProgress.number(7) == "7")
        #expect(TargetProgress.number(6.42) == "6.4")
        #expect(TargetProgress.number(1_234_567) == "1,234,567")
        #expect(TargetProgress.number(999.96) == "1,000")
        let sleep = OutcomeValue(.double(7), kind: "sleep", units: "h", createdDate: Self.date(21))
        #expect(
            TargetProgress.text(
                values: [OutcomeValue(.double(6.44), kind: "sleep", createdDate: Self.date(22))], targets: [sleep])
                == "6.4 of 7 h")
    }

    @Test("running a linked task is refused with what to do instead, exit 64")
    func refusal() {
        let error = RegimenError.healthLinkedTask("sleep.measured", action: "run")
        #expect(
            ErrorReporter.report(error, app: RegimenApp()) == """
                regimen: task 'sleep.measured' has no steps to run: it takes its outcomes from Health data; \
                import an export with 'regimen health import'

                """)
        #expect(ErrorReporter.exitCode(for: error) == 64)
    }

    @Test("the check-in's wide CSV puts the measured sleep of the same day right after the self-reported sleep")
    func wideRow() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for source in ["surveys/checkin.yaml", "Examples/HealthSurveys/sleep-measured.yaml"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent(source),
                to: folder.appendingPathComponent((source as NSString).lastPathComponent))
        }
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: Self.calendar)
        let link = try #require(catalog.entry(forTask: "sleep.measured")?.healthLink)
        let checkinKinds = try #require(catalog.entry(forTask: "checkin")?.declarativeExtractor?.producedKinds)
        let checkIn = Outcome(
            id: "c", taskVersionUUID: UUID(), occurrence: 2,
            values: [
                OutcomeValue(.double(3), kind: "checkin.form.pain", createdDate: Self.date(23, 8)),
                OutcomeValue(.double(8), kind: "checkin.form.sleep", units: "h", createdDate: Self.date(23, 8)),
            ],
            createdDate: Self.date(23, 8), eventStart: Self.date(23, 8), eventEnd: Self.date(23, 9))
        let measured = [22, 23].map { day in
            Outcome(
                id: "m\(day)", taskVersionUUID: UUID(), occurrence: day - 21,
                values: [
                    OutcomeValue(
                        .double(day == 23 ? 6.4 : 7.25), kind: link.kind, units: "h", createdDate: Self.date(24, 10))
                ],
                createdDate: Self.date(24, 10), eventStart: Self.date(day),
                eventEnd: Self.date(day + 1).addingTimeInterval(-1))
        }
        var table = WideOutcomeTable(task: "checkin", kinds: checkinKinds, timeZone: Self.calendar.timeZone)
        table.companions = [.init(beside: try #require(link.beside), kind: link.kind)]
        #expect(
            table.header == WideOutcomeTable.eventColumns + [
                "checkin.form.pain", "checkin.form.sleep", "sleep.measured.hours",
            ])
        // The companion's outcomes are walked beside the rows: the 22nd's is passed over, the 23rd's fills the row.
        var remaining = measured[...]
        var days = CompanionDays(kind: link.kind, table: table) { () throws(RegimenError) in remaining.popFirst() }
        let cell = try days.cell(forDay: table.day(of: checkIn.eventStart))
        #expect(table.row(checkIn, companionCells: [cell]).suffix(3) == ["3", "8", "6.4"])
        #expect(remaining.isEmpty)
    }

    @Test(
        "a companion walked beside the rows: days without an outcome are empty, two of one day share the cell, each is read once"
    )
    func companionDays() throws {
        let table = WideOutcomeTable(task: "checkin", kinds: [], timeZone: Self.calendar.timeZone)
        let companion = [(21, 6.0), (23, 7.5), (23, 1.0), (25, 8.0)].enumerated().map { index, entry in
            Outcome(
                id: "m\(index)", taskVersionUUID: UUID(), occurrence: index,
                values: [
                    OutcomeValue(.double(entry.1), kind: "hours", createdDate: Self.date(26)),
                    OutcomeValue(.double(99), kind: "other", createdDate: Self.date(26)),
                ],
                createdDate: Self.date(26), eventStart: Self.date(entry.0, index), eventEnd: Self.date(entry.0, 23))
        }
        var remaining = companion[...]
        var reads = 0
        var days = CompanionDays(kind: "hours", table: table) { () throws(RegimenError) in
            reads += 1
            return remaining.popFirst()
        }
        let asked = [22, 23, 23, 24, 25, 26].map { table.day(of: Self.date($0, 12)) }
        var cells: [String] = []
        for day in asked { cells.append(try days.cell(forDay: day)) }
        #expect(cells == ["", "7.5; 1", "7.5; 1", "", "8", ""])
        #expect(reads == companion.count + 1)
    }
}
