package import Foundation

/// `ORKDateAnswerFormat`: a calendar date, or a date and time.
package struct DateFormat: Sendable, Hashable {
    /// Date only, or date and time.
    package var style: DateStyle
    /// Earliest accepted date.
    package var minimum: Date?
    /// Latest accepted date.
    package var maximum: Date?
    /// Pre-set date.
    package var defaultDate: Date?

    /// Creates a date format.
    package init(style: DateStyle, minimum: Date? = nil, maximum: Date? = nil, defaultDate: Date? = nil) {
        self.style = style
        self.minimum = minimum
        self.maximum = maximum
        self.defaultDate = defaultDate
    }
}

/// ResearchKit's `ORKDateAnswerStyle`.
package enum DateStyle: String, Sendable, Hashable {
    case dateAndTime = "dateTime"
    case date
}

/// `ORKTimeOfDayAnswerFormat`: hours and minutes.
package struct TimeOfDayFormat: Sendable, Hashable {
    /// Pre-set time.
    package var defaultValue: TimeOfDay?

    /// Creates a time-of-day format.
    package init(defaultValue: TimeOfDay? = nil) {
        self.defaultValue = defaultValue
    }
}

/// `ORKTimeIntervalAnswerFormat`: a duration in seconds, picked in steps of whole minutes.
package struct TimeIntervalFormat: Sendable, Hashable {
    /// Minute step, 1…30.
    package var step: Int
    /// Pre-set duration in seconds.
    package var defaultInterval: Double?

    /// Creates a time-interval format.
    package init(step: Int = 1, defaultInterval: Double? = nil) {
        self.step = step
        self.defaultInterval = defaultInterval
    }
}

/// A time of day: hour 0…23 and minute 0…59 (serialized "HH:mm").
public struct TimeOfDay: Sendable, Hashable, Comparable {
    /// Hour, 0…23.
    public var hour: Int
    /// Minute, 0…59.
    public var minute: Int

    /// Creates a time of day.
    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Orders by hour, then minute.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}
