/// A date to year, month or day precision (N1 §4.1.5): the parts written, and no others.
package struct FHIRPathDate: Sendable, Hashable {
    package var year: Int
    package var month: Int?
    package var day: Int?

    /// Creates a date; `day` is ignored without `month`.
    package init(year: Int, month: Int? = nil, day: Int? = nil) {
        self.year = year
        self.month = month
        self.day = month == nil ? nil : day
    }

    /// `yyyy`, `yyyy-MM` or `yyyy-MM-dd`.
    package var text: String {
        var text = FHIRPathTemporalText.pad(year, 4)
        if let month { text += "-" + FHIRPathTemporalText.pad(month, 2) }
        if let day { text += "-" + FHIRPathTemporalText.pad(day, 2) }
        return text
    }
}

/// A time of day to hour, minute, second or millisecond precision (N1 §4.1.6).
package struct FHIRPathTime: Sendable, Hashable {
    package var hour: Int
    package var minute: Int?
    package var second: Int?
    /// The fraction of the second in milliseconds, when one was written.
    package var millisecond: Int?

    /// Creates a time; a part is ignored without the one before it.
    package init(hour: Int, minute: Int? = nil, second: Int? = nil, millisecond: Int? = nil) {
        self.hour = hour
        self.minute = minute
        self.second = minute == nil ? nil : second
        self.millisecond = self.second == nil ? nil : millisecond
    }

    /// `HH`, `HH:mm`, `HH:mm:ss` or `HH:mm:ss.SSS`.
    package var text: String {
        var text = FHIRPathTemporalText.pad(hour, 2)
        if let minute { text += ":" + FHIRPathTemporalText.pad(minute, 2) }
        if let second { text += ":" + FHIRPathTemporalText.pad(second, 2) }
        if let millisecond { text += "." + FHIRPathTemporalText.pad(millisecond, 3) }
        return text
    }
}

/// A date and, optionally, a time of day and its offset from UTC (N1 §4.1.7).
package struct FHIRPathDateTime: Sendable, Hashable {
    package var date: FHIRPathDate
    /// The time of day; nil for a date-time to year, month or day precision (`@2020-01-02T`).
    package var time: FHIRPathTime?
    /// Minutes east of UTC (`Z` is 0), nil when none was written.
    package var offsetMinutes: Int?

    /// Creates a date-time.
    package init(date: FHIRPathDate, time: FHIRPathTime? = nil, offsetMinutes: Int? = nil) {
        self.date = date
        self.time = date.day == nil ? nil : time
        self.offsetMinutes = self.time == nil ? nil : offsetMinutes
    }

    /// The ISO 8601 text, as FHIR writes it: `2020-01-02T10:30:00.000+02:00`, `2020-01-02T10:30Z`, `2020-01`.
    package var text: String {
        guard let time else { return date.text }
        var text = date.text + "T" + time.text
        if let offsetMinutes {
            if offsetMinutes == 0 {
                text += "Z"
            } else {
                let size = Swift.abs(offsetMinutes)
                text +=
                    (offsetMinutes < 0 ? "-" : "+") + FHIRPathTemporalText.pad(size / 60, 2) + ":"
                    + FHIRPathTemporalText.pad(size % 60, 2)
            }
        }
        return text
    }
}
