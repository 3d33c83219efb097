import Foundation
import RegimenFoundation

/// Writes one segment's DTSTART, DTEND and RRULE or RDATE (docs/icalendar.md, "Elements as events"): dates for an
/// all-day element; otherwise local times with the element's TZID when each names its instant exactly (RFC 5545
/// §3.3.5), else UTC; sub-day rules always in UTC, as their steps are elapsed time.
struct SegmentWriter {
    let element: ScheduleElement
    let segment: CalendarSegment

    private var zone: TimeZone { element.calendar.timeZone }
    /// Whether the times are DATEs: an all-day element's segment not written in UTC.
    private var isAllDay: Bool { element.duration == .allDay && !segment.inUTC }

    /// Whether the date-times are written with the element's TZID (else in UTC).
    var usesZone: Bool { element.duration != .allDay && !segment.inUTC }

    /// The zone and the instants this segment names in it, for its VTIMEZONE.
    func zoneSpan(horizon: Date) -> (zone: TimeZone, start: Date, end: Date)? {
        guard usesZone else { return nil }
        let last: Date
        switch segment.pattern {
        case .rule(_, let lastStart): last = lastStart.map(element.eventEnd(forStart:)) ?? horizon
        case .dates(let rest): last = element.eventEnd(forStart: rest.last ?? segment.first)
        }
        return (zone, segment.first, max(last, segment.horizon ?? last))
    }

    /// Appends DTSTART, DTEND and the recurrence.
    func writeTimes(to lines: inout ICalendarContentLines) {
        let first = segment.first
        if isAllDay {
            let day = localDay(first)
            lines.add("DTSTART;VALUE=DATE", ICalendarDateText.date(day))
            lines.add("DTEND;VALUE=DATE", ICalendarDateText.date(CivilDate(dayNumber: day.dayNumber + 1)))
        } else {
            let end = element.eventEnd(forStart: first)
            lines.add("DTSTART" + parameter, dateTime(first, inZone: usesZone))
            // A local DTEND must span the same elapsed time as the event: not so across an offset change.
            let endInZone =
                usesZone && WallClockResolution.isNamedByLocalTime(end, zone: zone)
                && zone.secondsFromGMT(for: end) == zone.secondsFromGMT(for: first)
            lines.add("DTEND" + (endInZone ? parameter : ""), dateTime(end, inZone: endInZone))
        }
        switch segment.pattern {
        case .rule(let rule, let lastStart):
            lines.add("RRULE", rule.text(lastStart: lastStart, zone: zone))
        case .dates(let rest):
            for chunk in stride(from: 0, to: rest.count, by: 24).map({ rest[$0..<min($0 + 24, rest.count)] }) {
                if isAllDay {
                    lines.add(
                        "RDATE;VALUE=DATE", chunk.map { ICalendarDateText.date(localDay($0)) }.joined(separator: ","))
                } else {
                    lines.add("RDATE" + parameter, chunk.map { dateTime($0, inZone: usesZone) }.joined(separator: ","))
                }
            }
        }
    }

    private var parameter: String { usesZone ? ";TZID=\(zone.identifier)" : "" }

    private func dateTime(_ instant: Date, inZone: Bool) -> String {
        inZone ? ICalendarDateText.local(instant, zone: zone) : ICalendarDateText.utc(instant)
    }

    private func localDay(_ instant: Date) -> CivilDate {
        CivilDate(dayNumber: CivilDate.floorDivide(WallClockResolution.localSeconds(of: instant, zone: zone), 86_400))
    }
}
