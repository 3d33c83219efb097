import Foundation

/// The JSON form of a schedule in the `task.schedule` column: elements in their (persisted) order, each with its
/// calendar and time zone (CareKit does not persist the calendar; reference §9 suggests storing it).
struct StoredSchedule: Codable {
    struct Element: Codable {
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

    var elements: [Element]

    init(_ schedule: Schedule) {
        elements = schedule.elements.map { element in
            let seconds: Double? = if case .seconds(let value) = element.duration { value } else { nil }
            return Element(
                start: element.start.timeIntervalSinceReferenceDate, end: element.end?.timeIntervalSinceReferenceDate,
                interval: element.interval, allDay: seconds == nil, seconds: seconds, text: element.text,
                targetValues: element.targetValues, calendar: "gregorian",
                timeZone: element.calendar.timeZone.identifier, firstWeekday: element.calendar.firstWeekday,
                minimumDaysInFirstWeek: element.calendar.minimumDaysInFirstWeek, locale: element.calendar.locale?.identifier)
        }
    }

    static func encode(_ schedule: Schedule, taskID: String) throws(CareStoreError) -> String {
        guard schedule.elements.allSatisfy({ $0.calendar.identifier == .gregorian }) else {
            throw .unsupportedCalendar(taskID: taskID)
        }
        do {
            let data = try JSONEncoder().encode(StoredSchedule(schedule))
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .database(operation: "encode schedule", reason: "\(error)")
        }
    }

    static func decode(_ text: String) throws(CareStoreError) -> Schedule {
        func corrupt(_ reason: String) -> CareStoreError { .corruptRow(table: "task", column: "schedule", reason: reason) }
        let stored: StoredSchedule
        do {
            stored = try JSONDecoder().decode(StoredSchedule.self, from: Data(text.utf8))
        } catch {
            throw corrupt("invalid JSON: \(error)")
        }
        var elements: [ScheduleElement] = []
        for item in stored.elements {
            guard item.calendar == "gregorian" else { throw corrupt("unsupported calendar \(item.calendar)") }
            guard let zone = TimeZone(identifier: item.timeZone) else { throw corrupt("unknown time zone \(item.timeZone)") }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendar.locale = item.locale.map(Locale.init(identifier:))
            calendar.firstWeekday = item.firstWeekday
            calendar.minimumDaysInFirstWeek = item.minimumDaysInFirstWeek
            do {
                elements.append(try ScheduleElement(
                    start: Date(timeIntervalSinceReferenceDate: item.start),
                    end: item.end.map(Date.init(timeIntervalSinceReferenceDate:)), interval: item.interval,
                    duration: item.seconds.map(ScheduleDuration.seconds) ?? .allDay, text: item.text,
                    targetValues: item.targetValues, calendar: calendar))
            } catch {
                throw corrupt("invalid element: \(error)")
            }
        }
        do {
            return try Schedule(composing: elements)
        } catch {
            throw corrupt("invalid schedule: \(error)")
        }
    }
}
