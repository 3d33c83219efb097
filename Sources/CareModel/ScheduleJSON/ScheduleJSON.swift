import Foundation
import RegimenFoundation

/// The one JSON form of a schedule, as stored by every store (CareStore's `task.schedule` column, the study database's
/// jsonb column, the task versions of enrollment bundles and the service's pull): elements in their (persisted) order,
/// each with its calendar and time zone (CareKit does not persist the calendar; docs/schedules.md, "Schedule
/// elements"). This type writes it (`encode`) and reads it (`decode`, ScheduleJSON+Decode.swift), both by hand.
///
/// The text is compact, with every object's keys sorted, and has the bytes Foundation's `JSONEncoder` gave it with
/// `.sortedKeys` (before, the form was written with `JSONEncoder` in its own, unsorted key order, which differs from
/// process to process: such text reads the same). Absent optionals are left out; a double is Swift's shortest
/// round-trip text less a whole number's ".0"; dates are seconds since 2001-01-01 UTC; "/" is written "\/"; binary
/// target values are base64. An element:
///
/// ```
/// {"allDay":false,"calendar":"gregorian","end":…,"firstWeekday":1,"interval":{"day":1,"hour":0,"minute":0,"month":0,
///  "second":0,"weekOfYear":0,"year":0},"locale":"en_US","minimumDaysInFirstWeek":1,"seconds":3600,"start":…,
///  "targetValues":[{"createdDate":…,"kind":"pain","type":"double","units":"points","value":4.5}],"text":"Morning",
///  "timeZone":"Europe\/London"}
/// ```
package enum ScheduleJSON {
    /// The JSON text of `schedule` (task `taskID` names it in errors); only gregorian calendars have a form, and only
    /// finite numbers.
    package static func encode(_ schedule: Schedule, taskID: String) throws(ScheduleJSONError) -> String {
        var out = "{\"elements\":["
        for (position, element) in schedule.elements.enumerated() {
            guard element.calendar.identifier == .gregorian else { throw .unsupportedCalendar(taskID: taskID) }
            let writer = ElementWriter(taskID: taskID, element: position)
            if position > 0 { out.append(",") }
            try writer.write(element, into: &out)
        }
        out.append("]}")
        return out
    }
}

/// Writes one element's object, members in sorted key order.
private struct ElementWriter {
    let taskID: String
    let element: Int

    func write(_ element: ScheduleElement, into out: inout String) throws(ScheduleJSONError) {
        let calendar = element.calendar
        let seconds: Double? = if case .seconds(let value) = element.duration { value } else { nil }
        out.append("{\"allDay\":")
        out.append(seconds == nil ? "true" : "false")
        out.append(",\"calendar\":\"gregorian\"")
        if let end = element.end {
            out.append(",\"end\":")
            try number(end.timeIntervalSinceReferenceDate, "end", into: &out)
        }
        out.append(",\"firstWeekday\":")
        out.append(String(calendar.firstWeekday))
        let interval = element.interval
        out.append(",\"interval\":{\"day\":\(interval.day),\"hour\":\(interval.hour),\"minute\":\(interval.minute)")
        out.append(",\"month\":\(interval.month),\"second\":\(interval.second),\"weekOfYear\":\(interval.weekOfYear)")
        out.append(",\"year\":\(interval.year)}")
        if let locale = calendar.locale {
            out.append(",\"locale\":")
            JSONWriter.appendQuoted(locale.identifier, escapingSlashes: true, into: &out)
        }
        out.append(",\"minimumDaysInFirstWeek\":")
        out.append(String(calendar.minimumDaysInFirstWeek))
        if let seconds {
            out.append(",\"seconds\":")
            try number(seconds, "seconds", into: &out)
        }
        out.append(",\"start\":")
        try number(element.start.timeIntervalSinceReferenceDate, "start", into: &out)
        out.append(",\"targetValues\":[")
        for (index, target) in element.targetValues.enumerated() {
            if index > 0 { out.append(",") }
            try write(target, field: "targetValues[\(index)]", into: &out)
        }
        out.append("]")
        if let text = element.text {
            out.append(",\"text\":")
            JSONWriter.appendQuoted(text, escapingSlashes: true, into: &out)
        }
        out.append(",\"timeZone\":")
        JSONWriter.appendQuoted(calendar.timeZone.identifier, escapingSlashes: true, into: &out)
        out.append("}")
    }

    /// A target value in CareKit's shape (`OutcomeValue`'s Codable form, docs/carekit-store.md, "Outcome values").
    private func write(_ target: OutcomeValue, field: String, into out: inout String) throws(ScheduleJSONError) {
        out.append("{\"createdDate\":")
        try number(target.createdDate.timeIntervalSinceReferenceDate, field + ".createdDate", into: &out)
        if let kind = target.kind {
            out.append(",\"kind\":")
            JSONWriter.appendQuoted(kind, escapingSlashes: true, into: &out)
        }
        out.append(",\"type\":\"\(target.value.typeName)\"")
        if let units = target.units {
            out.append(",\"units\":")
            JSONWriter.appendQuoted(units, escapingSlashes: true, into: &out)
        }
        out.append(",\"value\":")
        switch target.value {
        case .integer(let number): out.append(String(number))
        case .double(let value): try number(value, field + ".value", into: &out)
        case .boolean(let flag): out.append(flag ? "true" : "false")
        case .text(let text): JSONWriter.appendQuoted(text, escapingSlashes: true, into: &out)
        case .binary(let data): JSONWriter.appendQuoted(data.base64EncodedString(), escapingSlashes: true, into: &out)
        case .date(let date): try number(date.timeIntervalSinceReferenceDate, field + ".value", into: &out)
        }
        out.append("}")
    }

    /// `value` as `JSONEncoder` writes a double: Swift's shortest round-trip text, a whole number without its ".0"
    /// (it reads back as an integer token, which the reader takes for a double). Field `field` names a non-finite one.
    private func number(_ value: Double, _ field: String, into out: inout String) throws(ScheduleJSONError) {
        guard let text = JSONWriter.encoderNumberText(value) else {
            throw .nonFiniteNumber(taskID: taskID, element: element, field: field)
        }
        out.append(text)
    }
}
