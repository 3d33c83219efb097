import CareModel
import Foundation
import ParticipantWords
import RegimenFoundation
import TerminalRunner

/// The care feed as text: a heading per day, a line per event, the adherence ring.
struct CareFeedRenderer {
    let calendar: Calendar
    let style: TextStyle
    /// The participant's language (docs/languages.md, "Regimen's own words").
    var words: Words = .english

    /// The day as text; with `plans`, its lines grouped under their plans when they are in more than one, and each
    /// task's links under it (docs/care-plans.md, "In the care feed").
    func render(_ day: CareFeedDay, plans: FeedPlans = .none) -> String {
        var out = [style.title(DayText.long(day.day, calendar: calendar, words: words))]
        if day.lines.isEmpty {
            out.append("  " + words(.nothingScheduled))
        }
        let width = day.lines.map { TerminalColumns.width(of: $0.title) }.max() ?? 0
        // Grouped when the lines are in more than one plan (docs/care-plans.md, "In the care feed"); otherwise in
        // the feed's own order.
        var groups = plans.groups(day.lines)
        let grouped = groups.filter { $0.plan != nil }.count > 1
        if !grouped { groups = [(nil, day.lines)] }
        let team = CareTeamRenderer(words: words, style: style)
        for group in groups {
            let indent = grouped ? "  " : ""
            if grouped {
                var heading = group.plan.map { plans.translate($0.title) } ?? words(.otherTasks)
                if let plan = group.plan, let end = plan.end, plan.hasEnded(by: day.day) {
                    heading = words(.planEnded, heading, DayText.iso(end.addingTimeInterval(-1), calendar: calendar))
                }
                out.append("  " + style.title(heading))
            }
            for line in group.lines {
                out.append(indent + text(of: line, width: width))
                for link in plans.links(of: line) {
                    out.append(indent + "      ↗ " + team.linkLine(link, title: plans.translate(link.title)))
                }
            }
        }
        out.append("  " + words(.adherence, AdherenceRing.text(day.adherence, words: words)) + counts(day))
        return out.joined(separator: "\n")
    }

    /// One event's line: its mark, title, state and values; a logged task's count and last log (docs/logged-tasks.md),
    /// a labelled value's latest value.
    private func text(of line: CareFeedDay.Line, width: Int) -> String {
        var values =
            line.isMeasured
            ? TargetProgress.text(values: line.event.outcome?.values ?? [], targets: line.event.targetValues)
            : line.event.outcome.map { OutcomeSummary.text($0.values, timeZone: calendar.timeZone) } ?? ""
        var (mark, state) = describe(line)
        if line.logged { (mark, state, values) = describeLogged(line) }
        if let labeled = line.labeledValue { values = labeledText(labeled) }
        var text =
            "  \(mark) \(TerminalColumns.padded(line.title, to: width))  "
            + "\(TerminalColumns.padded(state, to: 14))  \(values)"
        while text.last == " " { text.removeLast() }
        return text
    }

    /// A logged task's line (docs/logged-tasks.md): how many times it was logged that day and when last, with the
    /// last log's values; "not logged" before the first.
    private func describeLogged(_ line: CareFeedDay.Line) -> (String, String, String) {
        let values = line.event.outcome?.values ?? []
        guard let last = values.map(\.createdDate).max() else { return ("·", words(.notLogged), "") }
        let logs = Set(values.map(\.createdDate)).count
        let lastValues = values.filter { $0.createdDate == last }
        return (
            style.success("✓"), words(.loggedToday, logs, DayText.time(last, calendar: calendar)),
            OutcomeSummary.text(lastValues, timeZone: calendar.timeZone)
        )
    }

    /// A labelled value as the feed shows it: "62 bpm", with the day it was recorded when earlier than the line's.
    private func labeledText(_ labeled: (value: OutcomeValue, day: Date?)) -> String {
        let value = labeled.value
        let number = value.value.number.map(TargetProgress.number)
        let text =
            (number ?? OutcomeSummary.displayText(value.value, timeZone: calendar.timeZone))
            + OutcomeSummary.shownUnits(value.units)
        guard let day = labeled.day else { return text }
        return "\(text) (\(DayText.long(day, calendar: calendar, words: words)))"
    }

    /// The featured articles, one line each under the day (docs/articles.md, "In the care feed").
    func renderArticles(_ articles: [(id: String, title: String)]) -> String {
        articles.map { "  ▸ " + words(.featuredArticle, $0.title, $0.id) }.joined(separator: "\n")
    }

    /// `today --due`: one line per task due now, its title and when it was due, or nothing at all.
    func renderDue(_ lines: [CareFeedDay.Line]) -> String {
        lines.map { line in
            let due = dueText(line.event)
            return "\(line.title)  \(line.isInProgress ? words(.dueInProgress, due) : due)\n"
        }.joined()
    }

    private func describe(_ line: CareFeedDay.Line) -> (String, String) {
        switch line.state {
        case .done(let at): (style.success("✓"), words(.doneAt, DayText.time(at, calendar: calendar)))
        case .due: (style.warning("○"), dueText(line.event))
        case .inProgress: (style.warning("◐"), words(.inProgress))
        case .missed: (style.error("✗"), words(.missed))
        case .upcoming: ("·", upcomingText(line))
        case .met: (style.success("✓"), words(.met))
        case .measuring: (style.warning("◐"), words(.soFar))
        case .awaitingData: (style.warning("○"), words(.noDataYet))
        }
    }

    /// "upcoming 08:00"; just "upcoming" for an all-day or measured event.
    private func upcomingText(_ line: CareFeedDay.Line) -> String {
        (line.isMeasured ? nil : startTime(line.event)).map { words(.upcomingAt, $0) } ?? words(.upcoming)
    }

    private func dueText(_ event: Event) -> String {
        startTime(event).map { words(.dueAt, $0) } ?? words(.due)
    }

    /// When the event starts, as shown; nil for an all-day event.
    private func startTime(_ event: Event) -> String? {
        let element =
            event.task.schedule.elements.indices.contains(event.scheduleEvent.elementIndex)
            ? event.task.schedule.elements[event.scheduleEvent.elementIndex] : nil
        if case .allDay? = element?.duration { return nil }
        return DayText.time(event.scheduleEvent.start, calendar: calendar)
    }

    private func counts(_ day: CareFeedDay) -> String {
        let counted = day.lines.filter(\.event.task.impactsAdherence)
        guard !counted.isEmpty else { return "" }
        let done = counted.filter(\.event.isCompleted).count
        return "  " + words.counted(.tasksDone, count: counted.count, done)
    }

}
