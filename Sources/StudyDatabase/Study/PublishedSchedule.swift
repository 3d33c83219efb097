/// A published task's schedule as the survey file wrote it: relative to enrollment, in no time zone, so that each
/// participant's schedule is made from it in their own zone — when a revision is published, and again when someone
/// enrolls after it (docs/study-database.md, "Publishing and revisions"). Kept in `study_revision.surveys`.
package struct PublishedSchedule: Codable, Sendable, Hashable {
    /// Calendar components (each nil when not written).
    package struct Components: Codable, Sendable, Hashable {
        /// Years.
        package var year: Int?
        /// Months.
        package var month: Int?
        /// Weeks.
        package var weekOfYear: Int?
        /// Days.
        package var day: Int?
        /// Hours.
        package var hour: Int?
        /// Minutes.
        package var minute: Int?
        /// Seconds.
        package var second: Int?

        /// Creates components.
        package init(
            year: Int? = nil, month: Int? = nil, weekOfYear: Int? = nil, day: Int? = nil, hour: Int? = nil,
            minute: Int? = nil, second: Int? = nil
        ) {
            self.year = year
            self.month = month
            self.weekOfYear = weekOfYear
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    /// A moment relative to enrollment: `enrollment` (the instant) or `enrollmentDay` (its midnight), plus an offset.
    package struct Anchor: Codable, Sendable, Hashable {
        /// `enrollment` or `enrollmentDay`.
        package var reference: String
        /// What is added to the reference.
        package var offset: Components

        /// Creates an anchor.
        package init(reference: String, offset: Components = Components()) {
            self.reference = reference
            self.offset = offset
        }
    }

    /// One repeating element.
    package struct Element: Codable, Sendable, Hashable {
        /// When the first event starts (before `hour`/`minute` are applied).
        package var start: Anchor
        /// Exclusive limit on event starts; nil: forever.
        package var end: Anchor?
        /// The time of day of the first event, when the element sets one: hour 0…23.
        package var hour: Int?
        /// Its minute.
        package var minute: Int?
        /// Step between event starts.
        package var interval: Components
        /// Each event's length in seconds; nil: all day.
        package var seconds: Double?
        /// A label such as "Task Due!".
        package var text: String?

        /// Creates an element.
        package init(
            start: Anchor, end: Anchor? = nil, hour: Int? = nil, minute: Int? = nil, interval: Components,
            seconds: Double?, text: String? = nil
        ) {
            self.start = start
            self.end = end
            self.hour = hour
            self.minute = minute
            self.interval = interval
            self.seconds = seconds
            self.text = text
        }
    }

    /// The elements, in file order.
    package var elements: [Element]

    /// Creates a schedule.
    package init(elements: [Element]) {
        self.elements = elements
    }
}
