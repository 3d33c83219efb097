import CareModel
import Foundation
import RegimenFoundation
import TerminalRunner

/// The care feed as text: a heading per day, a line per event, the adherence ring.
struct CareFeedRenderer {
    let calendar: Calendar
    let style: TextStyle

    func render(_ day: CareFeedDay) -> String {
        var out = [style.title(DayText.long(day.day, calendar: calendar))]
        if day.lines.isEmpty {
            out.append("  Nothing is scheduled.")
        }
        let width = day.lines.map { TerminalColumns.width(of: $0.title) }.max() ?? 0
        for line in day.lines {
            let values =
                line.isMeasured
                ? TargetProgress.text(values: line.event.outcome?.values ?? [], targets: line.event.targetValues)
                : line.event.outcome.map { OutcomeSummary.text($0.values, timeZone: calendar.timeZone) } ?? ""
            let (mark, state) = describe(line)
            var text =
                "  \(mark) \(TerminalColumns.padded(line.title, to: width))  "
                + "\(TerminalColumns.padded(state, to: 14))  \(values)"
            while text.last == " " { text.removeLast() }
            out.append(text)
        }
        out.append("  Adherence \(AdherenceRing.text(day.adherence))\(counts(day))")
        return out.joined(separator: "\n")
    }

    /// `today --due`: one line per task due now, its title and when it was due, or nothing at all.
    func renderDue(_ lines: [CareFeedDay.Line]) -> String {
        lines.map { "\($0.title)  \(dueText($0.event))\($0.isInProgress ? ", in progress" : "")\n" }.joined()
    }

    private func describe(_ line: CareFeedDay.Line) -> (String, String) {
        switch line.state {
        case .done(let at): (style.success("✓"), "done at \(DayText.time(at, calendar: calendar))")
        case .due: (style.warning("○"), dueText(line.event))
        case .inProgress: (style.warning("◐"), "in progress")
        case .missed: (style.error("✗"), "missed")
        case .upcoming: ("·", "upcoming" + (line.isMeasured ? "" : dueText(line.event).dropFirst("due".count)))
        case .met: (style.success("✓"), "met")
        case .measuring: (style.warning("◐"), "so far")
        case .awaitingData: (style.warning("○"), "no data yet")
        }
    }

    private func dueText(_ event: Event) -> String {
        let element =
            event.task.schedule.elements.indices.contains(event.scheduleEvent.elementIndex)
            ? event.task.schedule.elements[event.scheduleEvent.elementIndex] : nil
        if case .allDay? = element?.duration { return "due" }
        return "due \(DayText.time(event.scheduleEvent.start, calendar: calendar))"
    }

    private func counts(_ day: CareFeedDay) -> String {
        let counted = day.lines.filter(\.event.task.impactsAdherence)
        guard !counted.isEmpty else { return "" }
        let done = counted.filter(\.event.isCompleted).count
        return "  (\(done) of \(counted.count) done)"
    }

}
