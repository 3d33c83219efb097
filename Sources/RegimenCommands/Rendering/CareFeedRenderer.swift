import CareStore
import Foundation
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
        let width = day.lines.map(\.title.count).max() ?? 0
        for line in day.lines {
            let title = line.title.padding(toLength: width, withPad: " ", startingAt: 0)
            let values = line.event.outcome.map { OutcomeSummary.text($0.values, timeZone: calendar.timeZone) } ?? ""
            let (mark, state) = describe(line)
            let text = "  \(mark) \(title)  \(state.padding(toLength: 14, withPad: " ", startingAt: 0))  \(values)"
            out.append(text.trimmingCharacters(in: .whitespaces).isEmpty ? text : String(text.reversed().drop { $0 == " " }.reversed()))
        }
        out.append("  Adherence \(AdherenceRing.text(day.adherence))\(counts(day))")
        return out.joined(separator: "\n")
    }

    private func describe(_ line: CareFeedDay.Line) -> (String, String) {
        switch line.state {
        case .done(let at): (style.success("✓"), "done at \(DayText.time(at, calendar: calendar))")
        case .due: (style.warning("○"), dueText(line.event))
        case .missed: (style.error("✗"), "missed")
        case .upcoming: ("·", dueText(line.event).replacingOccurrences(of: "due", with: "upcoming"))
        }
    }

    private func dueText(_ event: Event) -> String {
        let element = event.task.schedule.elements.indices.contains(event.scheduleEvent.elementIndex)
            ? event.task.schedule.elements[event.scheduleEvent.elementIndex] : nil
        if case .allDay? = element?.duration { return "due" }
        return "due \(DayText.time(event.scheduleEvent.start, calendar: calendar))"
    }

    private func counts(_ day: CareFeedDay) -> String {
        let counted = day.lines.filter(\.event.task.impactsAdherence)
        guard !counted.isEmpty else { return "" }
        let done = counted.filter { $0.event.outcome != nil }.count
        return "  (\(done) of \(counted.count) done)"
    }

}
