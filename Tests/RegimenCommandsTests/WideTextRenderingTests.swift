import CareModel
import Catalog
import Foundation
import RegimenFoundation
import TerminalRunner
import TestSupport
import Testing

@testable import RegimenCommands

/// Tables, the care feed and charts with CJK, Hangul, combining and emoji text (docs/text-width.md): their columns
/// line up as a terminal shows them, checked against the Python wcwidth package where it is installed.
@Suite("Wide text in tables, the care feed and charts")
struct WideTextRenderingTests {
    static let calendar: Calendar = Pinned.calendar("Asia/Tokyo")

    static let labels = ["痛みの強さ", "睡眠", "한국어", "e\u{301}tude", "👍🏽 ok", "👨‍👩‍👧 family", "pain", "🇯🇵"]

    /// The text of `line` before each of `cells`, found in order: where each cell starts.
    static func prefixes(of line: String, before cells: [String]) -> [String]? {
        var position = line.startIndex
        var result: [String] = []
        for cell in cells {
            guard let found = line.range(of: cell, range: position..<line.endIndex) else { return nil }
            result.append(String(line[..<found.lowerBound]))
            position = found.upperBound
        }
        return result
    }

    /// wcwidth's widths of `texts`, or nil (with the reason printed) when it cannot run.
    static func wcwidths(_ texts: [String]) throws -> [Int]? {
        if let reason = Wcwidth.unavailableReason {
            print("skipped the wcwidth check: \(reason)")
            return nil
        }
        return try Wcwidth.widths(of: texts)
    }

    @Test("a table pads cells to their terminal width: two columns a CJK character, none a combining mark")
    func tableByHand() {
        let table = TextTable(header: ["名前", "n"], rows: [["痛み", "1"], ["ab", "2"], ["e\u{301}", "3"]]).render()
        #expect(table == "名前  n\n痛み  1\nab    2\ne\u{301}     3")
    }

    @Test("every row of a table with CJK, Hangul, combining and emoji cells starts each column at the same wcwidth")
    func tableColumns() throws {
        let rows = Self.labels.enumerated().map { index, label in
            [label, Self.labels[(index + 3) % Self.labels.count], "\(index)"]
        }
        let header = ["項目", "label", "n"]
        let lines = TextTable(header: header, rows: rows).render().split(separator: "\n").map(String.init)
        try #require(lines.count == rows.count + 1)
        var starts: [String] = []
        for (line, cells) in zip(lines, [header] + rows) {
            starts += try #require(Self.prefixes(of: line, before: cells), "\(line)")
        }
        let ours = starts.map { TerminalColumns.width(of: $0) }
        // Each row's cells start at 0, then at the widest first cell + 2, then after the widest second + 2.
        let first = (([header] + rows).map { TerminalColumns.width(of: $0[0]) }.max() ?? 0) + 2
        let second = first + (([header] + rows).map { TerminalColumns.width(of: $0[1]) }.max() ?? 0) + 2
        #expect(ours == Array(repeating: [0, first, second], count: lines.count).flatMap { $0 })
        guard let theirs = try Self.wcwidths(starts) else { return }
        #expect(theirs == ours, "wcwidth's column starts: \(theirs)")
    }

    /// A daily all-day task titled `title`.
    static func task(_ id: String, _ title: String) -> CareTask {
        let start = calendar.date(from: DateComponents(year: 2026, month: 11, day: 1))!
        let element = try! ScheduleElement(start: start, interval: .daily, duration: .allDay, calendar: calendar)
        return CareTask(id: id, title: title, schedule: try! Schedule(composing: [element]))
    }

    @Test("the care feed's state column starts at the same wcwidth on every line, whatever the titles' scripts")
    func feedColumns() throws {
        let day = Self.calendar.date(from: DateComponents(year: 2026, month: 11, day: 23))!
        let next = Self.calendar.date(byAdding: .day, value: 1, to: day)!
        let lines = Self.labels.enumerated().map { index, title in
            let task = Self.task("task\(index)", title)
            let event = Event(task: task, scheduleEvent: task.schedule.events(from: day, to: next)[0], outcome: nil)
            return CareFeedDay.Line(title: title, event: event, state: index % 2 == 0 ? .upcoming : .missed)
        }
        let feed = CareFeedRenderer(calendar: Self.calendar, style: .plain)
            .render(CareFeedDay(day: day, lines: lines, adherence: .noTasks))
        let rendered = feed.split(separator: "\n").map(String.init).dropFirst().prefix(lines.count)
        try #require(rendered.count == lines.count)
        let starts = try zip(rendered, lines).map { text, line in
            try #require(Self.prefixes(of: text, before: [line.title, line.state.isMissed ? "missed" : "upcoming"]))
        }
        let titleWidth = Self.labels.map { TerminalColumns.width(of: $0) }.max()!
        let stateStarts = starts.map { TerminalColumns.width(of: $0[1]) }
        #expect(stateStarts == Array(repeating: 4 + titleWidth + 2, count: lines.count), "\(rendered)")
        guard let theirs = try Self.wcwidths(starts.map { $0[1] }) else { return }
        #expect(theirs == stateStarts, "wcwidth's state columns: \(theirs)")
    }

    /// The week chart of two series named in Japanese with an emoji, titled in Japanese.
    static func chart() -> InsightChart {
        let window = InsightWindow(
            ending: calendar.date(from: DateComponents(year: 2026, month: 11, day: 25))!, dayCount: 7,
            calendar: calendar)
        let buckets = ChartBucket.buckets(of: window, daysPerBucket: 1)
        let series = [
            ChartSeries(
                kind: "checkin.pain", label: "痛みの強さ（自己評価）", units: nil, declaredRange: 0...10,
                scale: ChartScale(lower: 0, upper: 10), values: [3, nil, 5, 7, nil, 2, 4]),
            ChartSeries(
                kind: "checkin.sleep", label: "睡眠時間 😴", units: "時間", declaredRange: nil,
                scale: ChartScale(lower: 0, upper: 12), values: [7, 6, nil, 8, 5, nil, 9]),
        ]
        return InsightChart(
            title: "痛みと睡眠の一週間の記録（毎朝のチェックイン）", style: .bars, window: window, daysPerBucket: 1,
            buckets: buckets, series: series)
    }

    @Test("a chart with a Japanese title and series names: no line wider than the terminal, names never cut apart")
    func chartLines() throws {
        var all: [String] = []
        for width in [31, 40, 80] {
            // Wide enough for the week's seven buckets unbucketed, as the chart is built.
            try #require(TerminalChartLayout.bucketCapacity(style: .bars, seriesCount: 2, width: width) >= 7)
            for glyphs in [ChartGlyphs.color, .monochrome] {
                let lines = TerminalChartRenderer(glyphs: glyphs, width: width).render(Self.chart())
                for line in lines {
                    #expect(TerminalColumns.width(of: line) <= width, "\(width) columns: \(line)")
                }
                all += lines
            }
        }
        let wide = TerminalChartRenderer(glyphs: .monochrome, width: 80).render(Self.chart()).joined(separator: "\n")
        #expect(wide.contains("痛みの強さ（自己評価）") && wide.contains("睡眠時間 😴"))
        let narrow = TerminalChartRenderer(glyphs: .monochrome, width: 31).render(Self.chart())
        #expect(narrow[0] == "痛みと睡眠の一週間の記録（毎朝", "the title cut to 31 columns between characters")
        guard let theirs = try Self.wcwidths(all) else { return }
        #expect(theirs == all.map { TerminalColumns.width(of: $0) })
    }
}

extension CareFeedDay.Line.State {
    fileprivate var isMissed: Bool {
        if case .missed = self { return true }
        return false
    }
}
