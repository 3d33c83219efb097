import CareModel
import CareStore
import Foundation

/// One day of the care feed: the events of the day's tasks with their state and values, and the adherence.
struct CareFeedDay {
    /// One event line.
    struct Line {
        enum State {
            case done(at: Date)
            case due
            /// Due, and a run for it was quit with its answers kept to finish later (docs/finish-later.md).
            case inProgress
            case missed
            case upcoming
            /// A measured event (one with target values, a Health-linked task's; docs/health-export.md, "Linked
            /// tasks") whose outcome meets its targets.
            case met
            /// A measured event whose window is open, with values short of its targets so far.
            case measuring
            /// A measured event whose window is open, with no data yet.
            case awaitingData
        }

        var title: String
        var event: Event
        var state: State
        /// Whether the task is logged (docs/logged-tasks.md): the line counts the day's logs.
        var logged = false
        /// The latest value the line shows a labelled-value task by (docs/logged-tasks.md, "Labelled values"), and the
        /// day it was recorded when that is not the line's day.
        var labeledValue: (value: OutcomeValue, day: Date?)?

        var isDue: Bool {
            if case .due = state { true } else { false }
        }

        var isInProgress: Bool {
            if case .inProgress = state { true } else { false }
        }

        /// Whether the line is measured rather than answered: its event has target values.
        var isMeasured: Bool { !event.targetValues.isEmpty }
    }

    var day: Date
    var lines: [Line]
    var adherence: Adherence
    /// When a store enrolled in a study was enrolled and last synced; nil when it is not enrolled.
    var syncStanding: (enrolled: Date, lastSync: Date?)?

    /// Builds the feed of the day starting at `day`. Tasks that do not count towards adherence (onboarding) are shown
    /// only until they have been done once, as the Recover sample does.
    static func build(
        store: CareStore, day: Date, now: Date, calendar: Calendar, presentation: FeedPresentation = FeedPresentation()
    ) throws(RegimenError) -> CareFeedDay {
        guard let next = calendar.date(byAdding: .day, value: 1, to: day) else {
            throw .failure("cannot compute the day after \(day)")
        }
        // The events, the adherence and which one-off tasks are done in one read; the adherence counts the events
        // fetched for the lines.
        let (fetched, adherenceDays, doneOneOffs, syncStanding) = try storeCall { () throws(CareStoreError) in
            try store.feedDay(from: day, to: next, adherenceEnd: next.addingTimeInterval(-1), calendar: calendar)
        }
        // By start, then title: the store's tie-break (the task version's UUID) would order all-day tasks differently
        // in every store.
        let events = fetched.enumerated().sorted { left, right in
            (left.element.scheduleEvent.start, left.element.task.title, left.offset)
                < (right.element.scheduleEvent.start, right.element.task.title, right.offset)
        }.map(\.element)
        var lines: [Line] = []
        // One line per task slot (EventSlot): the slot's outcome, if any, is shown once. A day has a handful of slots,
        // so they are searched in a list (`slots[i]` is the slot of `lines[i]`): a dictionary keyed by EventSlot would
        // cost the process more at start (the runtime looks up its Hashable conformance) than all the searches.
        var slots: [EventSlot] = []
        for event in events {
            let task = event.task
            let slot = EventSlot(event)
            if let index = slots.firstIndex(of: slot) {
                if lines[index].event.outcome == nil, event.outcome != nil {
                    lines[index] = Line(
                        title: task.title, event: event, state: state(of: event, day: day, next: next, now: now))
                }
                continue
            }
            // A logged task is logged again every day, whether or not it counts towards adherence.
            let logged = presentation.logged.contains(task.id)
            if !task.impactsAdherence, !logged, doneOneOffs.contains(task.id), event.outcome == nil { continue }
            slots.append(slot)
            lines.append(Line(title: task.title, event: event, state: state(of: event, day: day, next: next, now: now)))
        }
        for index in lines.indices {
            let task = lines[index].event.task.id
            lines[index].logged = presentation.logged.contains(task)
            if let kind = presentation.labeledValues[task] {
                lines[index].labeledValue = try latestValue(
                    of: kind, task: task, line: lines[index], before: next, store)
            }
        }
        var adherence = adherenceDays.first ?? .noTasks
        // The ring agrees with the lines it sits under: a slot counts once, as it is shown.
        let counted = lines.filter(\.event.task.impactsAdherence)
        if case .progress = adherence, !counted.isEmpty {
            adherence = .progress(Double(counted.filter(\.event.isCompleted).count) / Double(counted.count))
        }
        return CareFeedDay(day: day, lines: lines, adherence: adherence, syncStanding: syncStanding)
    }

    /// A labelled-value line's value: the latest of `kind` in its own outcome, else in the task's latest outcome
    /// before `end` that has one (with that outcome's event start).
    private static func latestValue(of kind: String, task: String, line: Line, before end: Date, _ store: CareStore)
        throws(RegimenError) -> (value: OutcomeValue, day: Date?)?
    {
        if let own = line.event.outcome?.values.last(where: { $0.kind == kind }) { return (own, nil) }
        let earlier = try storeCall { () throws(CareStoreError) in
            try store.outcomes(taskID: task, kind: kind, to: end)
        }
        let latest = earlier.max { $0.eventStart < $1.eventStart }
        return latest.flatMap { outcome in
            outcome.values.last { $0.kind == kind }.map { ($0, outcome.eventStart) }
        }
    }

    /// The day with each line's title replaced by its title in `titles` (by task id), where it has one: the
    /// participant's language (`TaskTitleTranslations`).
    func retitled(_ titles: [String: String]) -> CareFeedDay {
        guard !titles.isEmpty else { return self }
        var retitled = self
        for index in retitled.lines.indices {
            if let title = titles[retitled.lines[index].event.task.id] { retitled.lines[index].title = title }
        }
        return retitled
    }

    /// The day with each due line whose run was kept to finish later (`isKept`) shown as in progress.
    func markingInProgress(_ isKept: (Event) -> Bool) -> CareFeedDay {
        var marked = self
        for index in marked.lines.indices {
            if marked.lines[index].isDue, isKept(marked.lines[index].event) { marked.lines[index].state = .inProgress }
        }
        return marked
    }

    /// The lines due at `now`, one per task: no outcome yet (state `.due`, or `.inProgress` once marked) and an event
    /// that has started. An event whose hour has passed stays due until its day ends, as the feed shows it. Measured
    /// lines are never due: Health data answers them, not a run.
    func linesDue(at now: Date) -> [Line] {
        var tasks: [String] = []
        return lines.filter { line in
            // A logged task is logged when something happens, never due (docs/logged-tasks.md, "In the care feed").
            guard line.isDue || line.isInProgress, !line.logged, line.event.scheduleEvent.start <= now,
                !tasks.contains(line.event.task.id)
            else { return false }
            tasks.append(line.event.task.id)
            return true
        }
    }

    /// The state of `event` on the day [day, next) at `now`.
    static func state(of event: Event, day: Date, next: Date, now: Date) -> Line.State {
        if !event.targetValues.isEmpty { return measuredState(of: event, day: day, now: now) }
        if let outcome = event.outcome { return .done(at: outcome.createdDate) }
        if next <= now { return .missed }
        if day > now { return .upcoming }
        return .due
    }

    /// A measured event (docs/health-export.md, "Linked tasks"): met once its outcome meets the targets, missed when
    /// its window is over without that, else measuring (values so far), awaiting data, or upcoming.
    private static func measuredState(of event: Event, day: Date, now: Date) -> Line.State {
        if event.isCompleted { return .met }
        if event.scheduleEvent.end < now { return .missed }
        if event.outcome != nil { return .measuring }
        return day > now ? .upcoming : .awaitingData
    }
}
