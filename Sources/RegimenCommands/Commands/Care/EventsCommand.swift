import ArgumentParser
import CareModel
import CareStore
import Foundation
import RegimenFoundation
import ResearchTasks

/// `regimen events TASK --from D --to D`: a task's scheduled events and whether each has an outcome.
struct EventsCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List a task's scheduled events: occurrence, start, end, and whether an outcome exists."
    )

    @Argument(help: ArgumentHelp("The task identifier.", valueName: "task"))
    var task: String

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: ArgumentHelp("First day (YYYY-MM-DD; default today).", valueName: "day"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Last day, included (default: a week from the first).", valueName: "day"))
    var to: String?

    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    func validate() throws {
        guard format != .csv else { throw ValidationError("events are listed as table or json") }
    }

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let store = try workspace.openStore(storeOptions, surveys: surveys, connection: .single)
        guard try storeCall({ () throws(CareStoreError) in try store.task(id: task) }) != nil else {
            let known = try storeCall { () throws(CareStoreError) in
                try store.tasks(at: environment.clock.now()).map(\.id)
            }
            throw RegimenError.unknownTask(task, known: known.sorted())
        }
        guard let range = try DayRange.parse(from: from, to: to, defaultDays: 7, environment: environment) else {
            return
        }
        let events = try storeCall { () throws(CareStoreError) in
            try store.events(taskID: task, from: range.start, to: range.end)
        }
        print(render(events, environment: environment))
    }

    private func render(_ events: [Event], environment: RegimenEnvironment) -> String {
        let zone = environment.timeZone
        switch format {
        case .json:
            return JSONWriter.prettyText(
                .array(
                    events.map { event in
                        var object: JSONObject = [
                            "task": .string(event.task.id),
                            "taskVersion": .string(event.task.uuid.uuidString),
                            "occurrence": .integer(event.scheduleEvent.occurrence),
                            "start": .string(ISO8601Text.string(event.scheduleEvent.start, timeZone: zone)),
                            "end": .string(ISO8601Text.string(event.scheduleEvent.end, timeZone: zone)),
                            "hasOutcome": .bool(event.outcome != nil),
                            // An outcome short of the event's target values does not complete it
                            // (docs/health-export.md, "Linked tasks").
                            "completed": .bool(event.isCompleted),
                        ]
                        if let text = event.task.schedule.elements[safe: event.scheduleEvent.elementIndex]?.text {
                            object["text"] = .string(text)
                        }
                        return .object(object)
                    }))
        case .table, .csv:
            if events.isEmpty { return "no events" }
            let calendar = environment.calendar
            return TextTable(
                header: ["occurrence", "start", "end", "outcome"],
                rows: events.map { event in
                    [
                        String(event.scheduleEvent.occurrence),
                        "\(DayText.iso(event.scheduleEvent.start, calendar: calendar)) \(DayText.time(event.scheduleEvent.start, calendar: calendar))",
                        "\(DayText.iso(event.scheduleEvent.end, calendar: calendar)) \(DayText.time(event.scheduleEvent.end, calendar: calendar))",
                        event.outcome == nil
                            ? "no"
                            : event.targetValues.isEmpty
                                ? "yes" : event.isCompleted ? "yes, goal met" : "yes, below goal",
                    ]
                }
            ).render()
        }
    }
}

extension Array {
    /// The element at `index`, or nil when out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
