import Foundation
import RegimenFoundation

/// A VTIMEZONE (RFC 5545 §3.6.5) for one zone over a span, built from the zone's real offset changes in it
/// (docs/icalendar.md, "Time zones"): an observance for the offset in force before the first change, then one
/// STANDARD or DAYLIGHT sub-component per kind of change (same offsets before and after), its changes as DTSTART and
/// RDATE in the local time before each change.
package struct TimeZoneComponent: Sendable {
    /// The zone.
    package let zone: TimeZone
    /// The first instant the file refers to in this zone.
    package let spanStart: Date
    /// The last instant the file refers to in this zone.
    package let spanEnd: Date

    /// The component for `zone` over [spanStart, spanEnd].
    package init(zone: TimeZone, spanStart: Date, spanEnd: Date) {
        self.zone = zone
        self.spanStart = spanStart
        self.spanEnd = max(spanStart, spanEnd)
    }

    /// One offset change.
    struct Change: Hashable {
        var instant: Date
        var from: Int
        var to: Int
        var isDaylight: Bool
    }

    /// The changes within the span, from a year before it (so the offset at its start is stated by a change).
    var changes: [Change] {
        let transitions = TimeZoneTransitions.of(zone)
        let low = spanStart.timeIntervalSince1970 - 366 * 86_400
        let high = spanEnd.timeIntervalSince1970
        return transitions.changes[transitions.firstIndex(atOrAfter: low)...].prefix { $0.instant <= high }.map { change in
            let instant = Date(timeIntervalSince1970: change.instant)
            return Change(
                instant: instant, from: zone.secondsFromGMT(for: instant.addingTimeInterval(-1)),
                to: zone.secondsFromGMT(for: instant), isDaylight: zone.isDaylightSavingTime(for: instant))
        }
    }

    /// Appends the component's lines.
    package func write(to lines: inout ICalendarContentLines) {
        lines.begin("VTIMEZONE")
        lines.addText("TZID", zone.identifier)
        let changes = self.changes
        let initialOffset = changes.first?.from ?? zone.secondsFromGMT(for: spanStart)
        let initialDaylight = changes.first.map { zone.isDaylightSavingTime(for: $0.instant.addingTimeInterval(-1)) }
            ?? zone.isDaylightSavingTime(for: spanStart)
        observance(
            daylight: initialDaylight, from: initialOffset, to: initialOffset, starts: ["19700101T000000"], lines: &lines)
        var kinds: [(key: Change, starts: [String])] = []
        for change in changes {
            let start = ICalendarDateText.local(change.instant, zone: TimeZone(secondsFromGMT: change.from) ?? zone)
            let key = Change(instant: .distantPast, from: change.from, to: change.to, isDaylight: change.isDaylight)
            if let index = kinds.firstIndex(where: { $0.key == key }) {
                kinds[index].starts.append(start)
            } else {
                kinds.append((key, [start]))
            }
        }
        for kind in kinds {
            observance(daylight: kind.key.isDaylight, from: kind.key.from, to: kind.key.to, starts: kind.starts, lines: &lines)
        }
        lines.end("VTIMEZONE")
    }

    private func observance(daylight: Bool, from: Int, to: Int, starts: [String], lines: inout ICalendarContentLines) {
        let name = daylight ? "DAYLIGHT" : "STANDARD"
        lines.begin(name)
        lines.add("DTSTART", starts[0])
        if starts.count > 1 { lines.add("RDATE", starts.dropFirst().joined(separator: ",")) }
        lines.add("TZOFFSETFROM", ICalendarDateText.offset(seconds: from))
        lines.add("TZOFFSETTO", ICalendarDateText.offset(seconds: to))
        lines.end(name)
    }
}
