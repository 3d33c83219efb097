/// Proleptic Gregorian day numbers (days since 1970-01-01) and their (year, month, day), in pure integer arithmetic.
package struct CivilDate: Equatable, Sendable {
    /// The year.
    package var year: Int
    /// The month, 1…12.
    package var month: Int
    /// The day of the month, 1…31.
    package var day: Int

    /// The date of a day number (H. Hinnant's `civil_from_days`).
    package init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Creates a date from its parts.
    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day number of this date (H. Hinnant's `days_from_civil`).
    package var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Months since year 0 (year·12 + month − 1).
    package var monthNumber: Int { year * 12 + month - 1 }

    /// The date `months` months later, keeping the day (callers guarantee day ≤ 28).
    package func addingMonths(_ months: Int) -> CivilDate {
        let total = monthNumber + months
        let year = total >= 0 ? total / 12 : (total - 11) / 12
        return CivilDate(year: year, month: total - year * 12 + 1, day: day)
    }
}
