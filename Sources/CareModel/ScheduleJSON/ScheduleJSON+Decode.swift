import Foundation
import RegimenFoundation

extension ScheduleJSON {
    /// The schedule whose JSON text `encode` wrote (task `taskID` names it in errors), or the old writer's (the same
    /// members in another order), or the study database's jsonb text of either. Read with RegimenFoundation's parser,
    /// every member by hand: `JSONDecoder` costs a command that only shows the care feed more than a millisecond to
    /// start up.
    package static func decode(_ text: String, taskID: String) throws(ScheduleJSONError) -> Schedule {
        func malformed(_ problem: ScheduleJSONProblem) -> ScheduleJSONError {
            .malformed(taskID: taskID, problem: problem)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes: Array(text.utf8))
        } catch {
            throw malformed(.invalidJSON)
        }
        var items: [JSONValue] = []
        if case .object(let members) = document, case .array(let list)? = members["elements"] { items = list }
        var elements: [ScheduleElement] = []
        elements.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            let fields = Fields(item: item)
            func missing(_ name: String) -> ScheduleJSONError {
                malformed(.missingField(element: position, field: name))
            }
            func integer(_ name: String, in group: String? = nil) throws(ScheduleJSONError) -> Int {
                guard let value = fields.integer(name, in: group) else {
                    throw missing(group.map { "\($0).\(name)" } ?? name)
                }
                return value
            }
            guard let start = fields.double("start") else { throw missing("start") }
            guard let allDay = fields.flag("allDay") else { throw missing("allDay") }
            guard let calendarName = fields.text("calendar") else { throw missing("calendar") }
            guard calendarName == "gregorian" else { throw malformed(.unsupportedCalendar(name: calendarName)) }
            guard let zoneName = fields.text("timeZone") else { throw missing("timeZone") }
            guard let zone = TimeZone(identifier: zoneName) else { throw malformed(.unknownTimeZone(name: zoneName)) }
            let interval = ScheduleInterval(
                second: try integer("second", in: "interval"), minute: try integer("minute", in: "interval"),
                hour: try integer("hour", in: "interval"), day: try integer("day", in: "interval"),
                weekOfYear: try integer("weekOfYear", in: "interval"), month: try integer("month", in: "interval"),
                year: try integer("year", in: "interval"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendar.locale = fields.text("locale").map(Locale.init(identifier:))
            calendar.firstWeekday = try integer("firstWeekday")
            calendar.minimumDaysInFirstWeek = try integer("minimumDaysInFirstWeek")
            let seconds = fields.double("seconds")
            guard allDay || seconds != nil else { throw missing("seconds") }
            let targetValues: [OutcomeValue]
            do {
                targetValues = try Self.targetValues(fields.member("targetValues"))
            } catch {
                throw malformed(.invalidTargetValues(element: position, field: error.field))
            }
            do {
                elements.append(
                    try ScheduleElement(
                        start: Date(timeIntervalSinceReferenceDate: start),
                        end: fields.double("end").map(Date.init(timeIntervalSinceReferenceDate:)), interval: interval,
                        duration: allDay ? .allDay : .seconds(seconds ?? 0), text: fields.text("text"),
                        targetValues: targetValues, calendar: calendar))
            } catch {
                throw malformed(.invalidElement(reason: "\(error)"))
            }
        }
        do {
            return try Schedule(composing: elements)
        } catch {
            throw malformed(.invalidSchedule(reason: "\(error)"))
        }
    }

    /// The target values `encode` wrote (absent or null: none), read from the parsed tree as `OutcomeValue`'s Codable
    /// form reads them (docs/carekit-store.md, "Outcome values"); the error names the first member that is wrong.
    private static func targetValues(_ value: JSONValue?) throws(TargetValueProblem) -> [OutcomeValue] {
        switch value {
        case nil, .null?: return []
        case .array(let list)?:
            var values: [OutcomeValue] = []
            values.reserveCapacity(list.count)
            for (index, item) in list.enumerated() {
                values.append(try outcomeValue(item, field: "targetValues[\(index)]"))
            }
            return values
        default: throw TargetValueProblem(field: "targetValues")
        }
    }

    /// One target value: `type` and `value`, `createdDate`, optional `kind` and `units` (null reads as absent).
    private static func outcomeValue(_ item: JSONValue, field: String) throws(TargetValueProblem) -> OutcomeValue {
        guard case .object(let members) = item else { throw TargetValueProblem(field: field) }
        func wrong(_ name: String) -> TargetValueProblem { TargetValueProblem(field: field + "." + name) }
        func double(_ member: JSONValue?) -> Double? {
            switch member {
            case .integer(let number)?: Double(number)
            case .double(let number)?: number
            default: nil
            }
        }
        func optionalText(_ name: String) throws(TargetValueProblem) -> String? {
            switch members[name] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw wrong(name)
            }
        }
        guard case .string(let type)? = members["type"] else { throw wrong("type") }
        let member = members["value"]
        let value: OutcomeValue.Value
        switch (type, member) {
        case ("integer", .integer(let number)?): value = .integer(number)
        case ("double", _):
            guard let number = double(member) else { throw wrong("value") }
            value = .double(number)
        case ("boolean", .bool(let flag)?): value = .boolean(flag)
        case ("text", .string(let text)?): value = .text(text)
        case ("binary", .string(let text)?):
            guard let data = Data(base64Encoded: text) else { throw wrong("value") }
            value = .binary(data)
        case ("date", _):
            guard let interval = double(member) else { throw wrong("value") }
            value = .date(Date(timeIntervalSinceReferenceDate: interval))
        case ("integer", _), ("boolean", _), ("text", _), ("binary", _): throw wrong("value")
        default: throw wrong("type")
        }
        guard let created = double(members["createdDate"]) else { throw wrong("createdDate") }
        return OutcomeValue(
            value, kind: try optionalText("kind"), units: try optionalText("units"),
            createdDate: Date(timeIntervalSinceReferenceDate: created))
    }
}

/// The member of an element's target values that is not what `ScheduleJSON.encode` writes.
private struct TargetValueProblem: Error {
    /// Its path from the element, e.g. `targetValues[1].value`.
    let field: String
}

/// The members of one element, read as the JSON types the form gives them.
private struct Fields {
    let item: JSONValue

    func member(_ name: String, in group: String? = nil) -> JSONValue? {
        guard case .object(let members) = item else { return nil }
        guard let group else { return members[name] }
        guard case .object(let inner)? = members[group] else { return nil }
        return inner[name]
    }

    /// A number (an integer reads as a double).
    func double(_ name: String) -> Double? {
        switch member(name) {
        case .integer(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    func integer(_ name: String, in group: String? = nil) -> Int? {
        if case .integer(let number)? = member(name, in: group) { number } else { nil }
    }

    /// A boolean (0 and 1 read as false and true).
    func flag(_ name: String) -> Bool? {
        switch member(name) {
        case .bool(let flag)?: flag
        case .integer(let number)? where number == 0 || number == 1: number == 1
        default: nil
        }
    }

    func text(_ name: String) -> String? {
        if case .string(let text)? = member(name) { text } else { nil }
    }
}
