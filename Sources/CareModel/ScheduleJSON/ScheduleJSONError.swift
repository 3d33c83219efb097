import Foundation

/// Why a schedule has no JSON form, or a text is not one (`ScheduleJSON`).
package enum ScheduleJSONError: Error, Sendable, Hashable {
    /// Encoding task `taskID`: an element's calendar is not gregorian, the only calendar the form names.
    case unsupportedCalendar(taskID: String)
    /// Encoding task `taskID` failed in the encoder (`reason` is its text).
    case cannotEncode(taskID: String, reason: String)
    /// Decoding task `taskID`: the text is not the JSON form; `problem` says where.
    case malformed(taskID: String, problem: ScheduleJSONProblem)
}

/// Where a text is not the JSON form of a schedule.
package enum ScheduleJSONProblem: Sendable, Hashable {
    /// The text is not JSON.
    case invalidJSON
    /// Element `element` lacks field `field` (dotted path, e.g. `interval.day`) or has it with the wrong JSON type.
    case missingField(element: Int, field: String)
    /// An element names a calendar other than gregorian.
    case unsupportedCalendar(name: String)
    /// An element names a time zone the system does not know.
    case unknownTimeZone(name: String)
    /// Element `element`'s target values are not outcome values.
    case invalidTargetValues(element: Int)
    /// An element's fields do not make a schedule element (`reason`: `ScheduleError`'s text).
    case invalidElement(reason: String)
    /// The elements do not compose a schedule (none, or `reason`: `ScheduleError`'s text).
    case invalidSchedule(reason: String)
}
