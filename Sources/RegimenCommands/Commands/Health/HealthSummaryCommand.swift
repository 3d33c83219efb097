import ArgumentParser
import CareStore
import Foundation
import HealthData
import ResearchTasks
import SystemPackage

/// `regimen health summary`: per-day merged steps and per-night sleep by stage from the imported Health data
/// (docs/health-export.md, "`regimen health summary`").
struct HealthSummaryCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Show steps per day and sleep per night from the imported Health data.",
        discussion: """
            Days are dates of the home zone given at import (or --zone); a night belongs to the date of the evening it \
            began, in the zone its samples were recorded in. Sources are merged by priority (entered by hand, Apple \
            Watch, iPhone, then other apps by name), never summed. Empty cells: no data of that kind. Without \
            --from/--to, every date from the first to the last with data.
            """
    )

    /// How the rows are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table
        case csv
        case json
    }

    @Option(name: .long, help: ArgumentHelp("First date (YYYY-MM-DD, today, yesterday).", valueName: "day"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Last date, included.", valueName: "day"))
    var to: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The zone whose days are summed (default: the one given at the last import, else the participant's).",
            valueName: "zone"))
    var zone: String?

    @Option(help: "Output format: table, csv or json.")
    var format: Format = .table

    @OptionGroup var storeOptions: StoreOptions

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let storePath = workspace.storePath(storeOptions.store)
        // A store not made yet holds no Health data: the summary is empty, and nothing is created.
        let store =
            FileManager.default.fileExists(atPath: storePath.string)
            ? try storeCall { () throws(CareStoreError) in try CareStore(path: storePath, connection: .single) }
            : nil
        let stored = try store.flatMap { store throws(RegimenError) in
            try storeCall { () throws(CareStoreError) in try store.healthHomeZone() }
        }
        let home = try ZoneOption.zone(zone ?? stored, default: environment.timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = home
        let now = environment.clock.now()
        func day(_ text: String?) throws(RegimenError) -> HealthCalendarDay? {
            guard let text else { return nil }
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: try DayOption.parse(text, calendar: calendar, now: now))
            return HealthCalendarDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        }
        let first = try day(from)
        let last = try day(to)
        if let first, let last, last < first { throw RegimenError.usage("--to must not be before --from") }
        // Samples from two days before the first date: a night's samples start up to a day before its date's end.
        let margin: Int64 = 2 * 86_400
        let spans = try storeCall { () throws(CareStoreError) -> [HealthSpan] in
            guard let store else { return [] }
            return try store.healthSpans(
                types: [HealthSpan.stepType, HealthSpan.sleepType],
                from: first.map { HealthDayBoundaries.firstInstant(of: $0, calendar: calendar) - margin },
                to: last.map {
                    HealthDayBoundaries.firstInstant(of: $0.adding(days: 1), calendar: calendar) + margin
                })
        }
        let rows = HealthDaySummary.rows(spans: spans, calendar: calendar, from: first, through: last)
        print(render(rows), terminator: "")
    }

    private func render(_ rows: [HealthDaySummary]) -> String {
        switch format {
        case .csv:
            return ([HealthDaySummary.csvHeader] + rows.map(\.csvLine)).map { $0 + "\n" }.joined()
        case .json:
            let columns = HealthDaySummary.csvHeader.split(separator: ",").map(String.init)
            let objects = rows.map { row in
                "  {"
                    + zip(columns, row.cells).enumerated().map { index, pair in
                        let (name, cell) = pair
                        let value = cell.isEmpty ? "null" : index == 0 ? "\"\(cell)\"" : cell
                        return "\"\(name)\": \(value)"
                    }.joined(separator: ", ") + "}"
            }
            return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
        case .table:
            guard !rows.isEmpty else {
                return "No Health data for these days. Import an export with: regimen health import EXPORT.zip\n"
            }
            let header = ["date", "steps", "asleep h", "in bed h", "awake h", "core h", "deep h", "REM h"]
            return TextTable(header: header, rows: rows.map(\.cells)).render()
        }
    }
}
