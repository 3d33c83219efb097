import RegimenFoundation

/// The yearly rule a zone's offset changes of one kind follow, such as "the last Sunday of March at 02:00 local time":
/// an RRULE with BYMONTH and BYDAY (RFC 5545 §3.3.10) for a VTIMEZONE observance (docs/icalendar.md, "Time zones").
struct YearlyChangeRule: Hashable {
    /// The month, 1…12.
    var month: Int
    /// The weekday, 0 = Sunday … 6 = Saturday.
    var weekday: Int
    /// Which such weekday of the month: 1…4, or −1 for the last.
    var position: Int
    /// The local time of day, in seconds, in the offset before the change.
    var secondOfDay: Int

    private static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The rules a change at local wall seconds `local` (since 1970, in the offset before it) can follow.
    static func candidates(local: Int) -> [YearlyChangeRule] {
        let parts = Parts(local: local)
        var rules: [YearlyChangeRule] = []
        let nth = (parts.date.day - 1) / 7 + 1
        if nth <= 4 {
            rules.append(
                YearlyChangeRule(
                    month: parts.date.month, weekday: parts.weekday, position: nth, secondOfDay: parts.secondOfDay))
        }
        if parts.isLastOfMonth {
            rules.append(
                YearlyChangeRule(
                    month: parts.date.month, weekday: parts.weekday, position: -1, secondOfDay: parts.secondOfDay))
        }
        return rules
    }

    /// Whether a change at local wall seconds `local` falls on this rule's day and time.
    func matches(local: Int) -> Bool {
        let parts = Parts(local: local)
        guard parts.date.month == month, parts.weekday == weekday, parts.secondOfDay == secondOfDay else {
            return false
        }
        return position == -1 ? parts.isLastOfMonth : (parts.date.day - 1) / 7 + 1 == position
    }

    /// The year of a change at local wall seconds `local`.
    static func year(local: Int) -> Int { Parts(local: local).date.year }

    /// `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`.
    var text: String { "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(position)\(Self.weekdays[weekday])" }

    /// A local reading's date, weekday and time of day.
    private struct Parts {
        var date: CivilDate
        var weekday: Int
        var secondOfDay: Int
        var isLastOfMonth: Bool

        init(local: Int) {
            let dayNumber = CivilDate.floorDivide(local, 86_400)
            date = CivilDate(dayNumber: dayNumber)
            weekday = ((dayNumber + 4) % 7 + 7) % 7
            secondOfDay = local - dayNumber * 86_400
            isLastOfMonth = date.day + 7 > CivilDate.daysInMonth(year: date.year, month: date.month)
        }
    }
}
