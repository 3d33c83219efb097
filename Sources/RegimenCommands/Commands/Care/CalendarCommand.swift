import ArgumentParser
import CareModel
import CareStore
import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage

/// `regimen calendar [TASK…]`: the tasks' schedules as an iCalendar file, with a reminder per event
/// (docs/icalendar.md).
struct CalendarCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Write the tasks' schedules as an iCalendar (.ics) file, with a reminder for each event.",
        discussion: "Importing the file again updates its events rather than adding them (docs/icalendar.md)."
    )

    /// Years after now (or the newest version's effective date) to which a never-ending element whose events no
    /// RRULE states exactly is listed (docs/icalendar.md, "Horizon").
    static let horizonYears = 2

    @Argument(help: ArgumentHelp("Task identifiers (default: every task).", valueName: "task"))
    var tasks: [String] = []

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the file here (owner-only, replaced whole) instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "When each reminder fires, from the event's start: 0, -10m, -1h, -1h30m.", valueName: "offset"))
    var alarm = "0"

    func run(in app: RegimenApp) throws {
        let offset: AlarmOffset
        do throws(AlarmOffsetError) {
            offset = try AlarmOffset(parsing: alarm)
        } catch {
            throw RegimenError.alarmOffset(error)
        }
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let now = environment.clock.now()
        let store = try workspace.openStore(storeOptions, surveys: surveys, connection: .single)
        let known = try storeCall { () throws(CareStoreError) in
            try store.tasks(from: .distantPast, to: .distantFuture).map(\.id)
        }.sorted()
        for task in tasks where !known.contains(task) {
            // As `regimen events TASK` words it: the tasks in force now.
            let current = try storeCall { () throws(CareStoreError) in try store.tasks(at: now).map(\.id) }
            throw RegimenError.unknownTask(task, known: current.sorted())
        }
        var chosen: [String] = []
        for task in tasks.isEmpty ? known : tasks where !chosen.contains(task) { chosen.append(task) }
        let chains = try chosen.map { id throws(RegimenError) in
            VersionChain(versions: try storeCall { () throws(CareStoreError) in try store.taskVersions(id: id) })
        }
        let newest = chains.flatMap(\.versions).map(\.effectiveDate).max() ?? now
        let horizon =
            environment.calendar.date(byAdding: .year, value: Self.horizonYears, to: max(now, newest))
            ?? max(now, newest).addingTimeInterval(Double(Self.horizonYears) * 366 * 86_400)
        let text = TaskCalendar(
            chains: chains, alarm: offset, now: now, horizon: horizon,
            productID: "-//Regimen//Regimen \(RegimenVersion.current)//EN"
        ).text()
        guard let output else { return print(text, terminator: "") }
        try PrivateFiles.replace(FilePath(environment.url(forPath: output).path), text: text)
    }
}
