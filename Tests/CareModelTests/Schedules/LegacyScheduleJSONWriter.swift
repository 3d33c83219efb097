import Foundation

@testable import CareModel

/// The schedule JSON writer `ScheduleJSON.encode` replaced (until issue 49: Encodable mirrors of the form written with
/// `JSONEncoder`), kept as the reference the hand-written writer is checked against: the text stores and study
/// databases already hold was written by it.
enum LegacyScheduleJSONWriter {
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

    /// The text the old writer gave `schedule`: with `sortedKeys`, the one order of its members; without, the order
    /// `JSONEncoder` picked, which differs from process to process (what stores written before hold).
    static func text(_ schedule: Schedule, sortedKeys: Bool) throws -> String {
        let document = Document(
            elements: schedule.elements.map { element in
                let seconds: Double? = if case .seconds(let value) = element.duration { value } else { nil }
                return Element(
                    start: element.start.timeIntervalSinceReferenceDate,
                    end: element.end?.timeIntervalSinceReferenceDate,
                    interval: element.interval, allDay: seconds == nil, seconds: seconds, text: element.text,
                    targetValues: element.targetValues, calendar: "gregorian",
                    timeZone: element.calendar.timeZone.identifier, firstWeekday: element.calendar.firstWeekday,
                    minimumDaysInFirstWeek: element.calendar.minimumDaysInFirstWeek,
                    locale: element.calendar.locale?.identifier)
            })
        let encoder = JSONEncoder()
        if sortedKeys { encoder.outputFormatting = [.sortedKeys] }
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
