import CareModel
import Foundation
import GRDB

/// The JSON form of a schedule in the `task.schedule` column: elements in their (persisted) order, each with its
/// calendar and time zone (CareKit does not persist the calendar; docs/schedules.md, "Schedule elements").
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

    /// The elements of a stored schedule as typed columns, read by SQLite's JSON functions: a command that only
    /// shows the care feed then decodes its schedules without starting up `JSONDecoder`, which cost it more than a
    /// millisecond (the JSON written by `encode` is unchanged).
    private static let elementsSQL = """
        SELECT json_extract(value, '$.start'), json_extract(value, '$.end'), json_extract(value, '$.allDay'),
            json_extract(value, '$.seconds'), json_extract(value, '$.text'), json_extract(value, '$.calendar'),
            json_extract(value, '$.timeZone'), json_extract(value, '$.firstWeekday'),
            json_extract(value, '$.minimumDaysInFirstWeek'), json_extract(value, '$.locale'),
            json_extract(value, '$.interval.second'), json_extract(value, '$.interval.minute'),
            json_extract(value, '$.interval.hour'), json_extract(value, '$.interval.day'),
            json_extract(value, '$.interval.weekOfYear'), json_extract(value, '$.interval.month'),
            json_extract(value, '$.interval.year'), json_extract(value, '$.targetValues')
        FROM json_each(?, '$.elements') ORDER BY key
        """

    /// Decodes the JSON that `encode` wrote.
    static func decode(_ text: String, _ db: Database) throws(CareStoreError) -> Schedule {
        func corrupt(_ reason: String) -> CareStoreError { .corruptRow(table: "task", column: "schedule", reason: reason) }
        let rows: [Row]
        do {
            rows = try Row.fetchAll(db.cachedStatement(sql: elementsSQL), arguments: [text])
        } catch {
            throw corrupt("invalid JSON")
        }
        var elements: [ScheduleElement] = []
        for (position, row) in rows.enumerated() {
            // Raw values, checked here: GRDB's typed subscripts stop the process on a mistyped value.
            let field = JSONFields(row: row)
            func missing(_ name: String) -> CareStoreError { corrupt("element \(position): missing or mistyped \(name)") }
            func integer(_ index: Int, _ name: String) throws(CareStoreError) -> Int {
                guard let value = field.integer(index) else { throw missing(name) }
                return value
            }
            guard let start = field.double(0) else { throw missing("start") }
            guard let allDay = field.integer(2).flatMap({ $0 == 0 || $0 == 1 ? $0 == 1 : nil }) else { throw missing("allDay") }
            guard let calendarName = field.text(5) else { throw missing("calendar") }
            guard calendarName == "gregorian" else { throw corrupt("unsupported calendar \(calendarName)") }
            guard let zoneName = field.text(6) else { throw missing("timeZone") }
            guard let zone = TimeZone(identifier: zoneName) else { throw corrupt("unknown time zone \(zoneName)") }
            let interval = ScheduleInterval(
                second: try integer(10, "interval.second"), minute: try integer(11, "interval.minute"),
                hour: try integer(12, "interval.hour"), day: try integer(13, "interval.day"),
                weekOfYear: try integer(14, "interval.weekOfYear"), month: try integer(15, "interval.month"),
                year: try integer(16, "interval.year"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendar.locale = field.text(9).map(Locale.init(identifier:))
            calendar.firstWeekday = try integer(7, "firstWeekday")
            calendar.minimumDaysInFirstWeek = try integer(8, "minimumDaysInFirstWeek")
            let seconds = field.double(3)
            guard allDay || seconds != nil else { throw missing("seconds") }
            do {
                elements.append(try ScheduleElement(
                    start: Date(timeIntervalSinceReferenceDate: start),
                    end: field.double(1).map(Date.init(timeIntervalSinceReferenceDate:)), interval: interval,
                    duration: allDay ? .allDay : .seconds(seconds ?? 0), text: field.text(4),
                    targetValues: try targetValues(field.text(17), position: position), calendar: calendar))
            } catch let error as CareStoreError {
                throw error
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

    /// Target values are rare; only a non-empty list goes through `JSONDecoder`.
    private static func targetValues(_ text: String?, position: Int) throws(CareStoreError) -> [OutcomeValue] {
        guard let text, text != "[]" else { return [] }
        do {
            return try JSONDecoder().decode([OutcomeValue].self, from: Data(text.utf8))
        } catch {
            throw .corruptRow(table: "task", column: "schedule", reason: "element \(position): invalid targetValues")
        }
    }
}

/// The columns of one element row as the JSON types they came from.
private struct JSONFields {
    let row: Row

    private func value(_ index: Int) -> DatabaseValue { row[index] }

    func double(_ index: Int) -> Double? {
        switch value(index).storage {
        case .int64(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    func integer(_ index: Int) -> Int? {
        if case .int64(let number) = value(index).storage { Int(exactly: number) } else { nil }
    }

    func text(_ index: Int) -> String? {
        if case .string(let text) = value(index).storage { text } else { nil }
    }
}
