import Foundation

/// Why a schedule has no JSON form, or a text is not one (`ScheduleJSON`).
package enum ScheduleJSONError: Error, Sendable, Hashable {
    /// Encoding task `taskID`: an element's calendar is not gregorian, the only calendar the form names.
    case unsupportedCalendar(taskID: String)
    /// Encoding task `taskID`: element `element`'s number `field` (e.g. `start`, `targetValues[0].value`) is NaN or
    /// infinite, which JSON has no form for.
    case nonFiniteNumber(taskID: String, element: Int, field: String)
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
    /// Element `element`'s target values are not a list of outcome values (`field`: the first member that is wrong,
    /// e.g. `targetValues[1].value`, or `targetValues` itself when it is not a list).
    case invalidTargetValues(element: Int, field: String)
    /// An element's fields do not make a schedule element (`reason`: `ScheduleError`'s text).
    case invalidElement(reason: String)
    /// The elements do not compose a schedule (none, or `reason`: `ScheduleError`'s text).
    case invalidSchedule(reason: String)
}
