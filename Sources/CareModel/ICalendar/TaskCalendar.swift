package import Foundation
package import RegimenFoundation

/// The iCalendar file (RFC 5545) of care tasks' schedules (docs/icalendar.md): one VEVENT per segment of each
/// schedule element of each task version, with a VALARM, and a VTIMEZONE for every zone a date-time names.
package struct TaskCalendar: Sendable {
    /// One task's versions, oldest first (a deleted task is left out by the caller).
    package let chains: [VersionChain]
    /// When each event's reminder fires, relative to its start.
    package let alarm: AlarmOffset
    /// DTSTAMP: the injected clock's now.
    package let now: Date
    /// Where the listed events of a never-ending element without an exact RRULE stop (docs/icalendar.md, "Horizon").
    package let horizon: Date
    /// PRODID.
    package let productID: String

    /// A calendar of `chains`.
    package init(chains: [VersionChain], alarm: AlarmOffset, now: Date, horizon: Date, productID: String) {
        self.chains = chains
        self.alarm = alarm
        self.now = now
        self.horizon = horizon
        self.productID = productID
    }

    /// One VEVENT to write.
    struct PlannedEvent {
        var uid: String
        var task: CareTask
        var element: ScheduleElement
        var segment: CalendarSegment
    }

    /// The VEVENTs, in task, version, element and segment order.
    var plannedEvents: [PlannedEvent] {
        var planned: [PlannedEvent] = []
        for chain in chains {
            let versions = chain.versions
            for (index, version) in versions.enumerated() where version.deletedDate == nil {
                // docs/schedules.md, "Numbering and versions": a version contributes until the next one is effective.
                let upper = index + 1 < versions.count ? versions[index + 1].effectiveDate : nil
                if let upper, upper <= version.effectiveDate { continue }
                for (elementIndex, element) in version.schedule.elements.enumerated() {
                    let segments = ElementSegmentation(element: element)
                        .segments(from: version.effectiveDate, before: upper, horizon: horizon)
                    for (segmentIndex, segment) in segments.enumerated() {
                        let uid = Self.uid(
                            taskID: version.id, version: version.uuid, element: elementIndex, segment: segmentIndex)
                        planned.append(PlannedEvent(uid: uid, task: version, element: element, segment: segment))
                    }
                }
            }
        }
        return planned
    }

    /// A UID that stays the same for the same task version, element and segment, so importing the file again
    /// updates events instead of adding them (RFC 5545 §3.8.4.7).
    package static func uid(taskID: String, version: UUID, element: Int, segment: Int) -> String {
        "\(taskID)-\(version.uuidString.lowercased())-e\(element)" + (segment == 0 ? "" : "-s\(segment)") + "@regimen"
    }

    /// The file's text, CRLF line ends, folded at 75 octets.
    package func text() -> String {
        let planned = plannedEvents
        var lines = ICalendarContentLines()
        lines.begin("VCALENDAR")
        lines.add("VERSION", "2.0")
        lines.addText("PRODID", productID)
        lines.add("CALSCALE", "GREGORIAN")
        lines.add("METHOD", "PUBLISH")
        var spans: [String: (zone: TimeZone, start: Date, end: Date)] = [:]
        var events = ICalendarContentLines()
        for event in planned {
            let writer = SegmentWriter(element: event.element, segment: event.segment)
            if let span = writer.zoneSpan(horizon: horizon) {
                let key = span.zone.identifier
                let known = spans[key]
                spans[key] = (
                    span.zone, min(known?.start ?? span.start, span.start), max(known?.end ?? span.end, span.end)
                )
            }
            writeEvent(event, writer: writer, to: &events)
        }
        for key in spans.keys.sorted() {
            guard let span = spans[key] else { continue }
            TimeZoneComponent(zone: span.zone, spanStart: span.start, spanEnd: span.end).write(to: &lines)
        }
        return lines.text + events.text + "END:VCALENDAR\r\n"
    }

    private func writeEvent(_ event: PlannedEvent, writer: SegmentWriter, to lines: inout ICalendarContentLines) {
        let summary = [event.task.title, event.element.text].compactMap { $0 }.joined(separator: ": ")
        lines.begin("VEVENT")
        lines.addText("UID", event.uid)
        lines.add("DTSTAMP", ICalendarDateText.utc(now))
        lines.addText("SUMMARY", summary)
        if let instructions = event.task.instructions { lines.addText("DESCRIPTION", instructions) }
        writer.writeTimes(to: &lines)
        if let horizon = event.segment.horizon { lines.add("X-REGIMEN-HORIZON", ICalendarDateText.utc(horizon)) }
        lines.begin("VALARM")
        lines.add("ACTION", "DISPLAY")
        lines.addText("DESCRIPTION", summary)
        lines.add("TRIGGER", alarm.durationText)
        lines.end("VALARM")
        lines.end("VEVENT")
    }
}
