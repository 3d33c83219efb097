import Foundation

/// The one JSON form of a schedule, as stored by every store (CareStore's `task.schedule` column, the study database's
/// jsonb column): elements in their (persisted) order, each with its calendar and time zone (CareKit does not persist
/// the calendar; docs/schedules.md, "Schedule elements").
package enum ScheduleJSON {
    /// The encoded form of one element (field names are the JSON keys).
    struct Element: Encodable {
        var start: Double
        var end: Double?
        var interval: ScheduleInterval
        var allDay: Bool
        var seconds: Double?
        var text: String?
        var targetValues: [OutcomeValue]
        var calendar: String
        var timeZone: String
        var firstWeekday: Int
        var minimumDaysInFirstWeek: Int
        var locale: String?
    }

    /// The encoded form of a schedule.
    struct Document: Encodable {
        var elements: [Element]
    }

    /// The JSON text of `schedule` (task `taskID` names it in errors); only gregorian calendars have a form.
    package static func encode(_ schedule: Schedule, taskID: String) throws(ScheduleJSONError) -> String {
        guard schedule.elements.allSatisfy({ $0.calendar.identifier == .gregorian }) else {
            throw .unsupportedCalendar(taskID: taskID)
        }
        let document = Document(elements: schedule.elements.map { element in
            let seconds: Double? = if case .seconds(let value) = element.duration { value } else { nil }
            return Element(
                start: element.start.timeIntervalSinceReferenceDate, end: element.end?.timeIntervalSinceReferenceDate,
                interval: element.interval, allDay: seconds == nil, seconds: seconds, text: element.text,
                targetValues: element.targetValues, calendar: "gregorian",
                timeZone: element.calendar.timeZone.identifier, firstWeekday: element.calendar.firstWeekday,
                minimumDaysInFirstWeek: element.calendar.minimumDaysInFirstWeek, locale: element.calendar.locale?.identifier)
        })
        do {
            return String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
        } catch {
            throw .cannotEncode(taskID: taskID, reason: "\(error)")
        }
    }
}
