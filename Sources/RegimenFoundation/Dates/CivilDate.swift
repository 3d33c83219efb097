/// A proleptic Gregorian date and its day number (days since 1970-01-01), in pure integer arithmetic
/// (H. Hinnant's `days_from_civil` / `civil_from_days`; docs/dates-and-times.md, "Calendar arithmetic").
package struct CivilDate: Sendable, Hashable {
    /// The year (astronomical numbering: year 0 is 1 BC).
    package var year: Int
    /// The month, 1…12.
    package var month: Int
    /// The day of the month, 1…31.
    package var day: Int

    /// Creates a date from its parts (not validated; see `isValid`).
    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day number (`civil_from_days`).
    package init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = Self.floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The day number of this date (`days_from_civil`).
    package var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether the month is 1…12 and the day exists in it (2026-02-30 does not).
    package var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(year: year, month: month)
    }

    /// Months since year 0 (year·12 + month − 1).
    package var monthNumber: Int { year * 12 + month - 1 }

    /// The date `months` months later, keeping the day (callers guarantee day ≤ 28).
    package func addingMonths(_ months: Int) -> CivilDate {
        let total = monthNumber + months
        let year = Self.floorDivide(total, 12)
        return CivilDate(year: year, month: total - year * 12 + 1, day: day)
    }

    /// `yyyy-MM-dd` (a four-digit year, zero-padded).
    package var text: String { DigitText.text(appendText) }

    /// Appends `text`'s bytes to `bytes`.
    package func appendText(to bytes: inout [UInt8]) {
        DigitText.append(year, width: 4, to: &bytes)
        bytes.append(0x2D)
        DigitText.append(month, width: 2, to: &bytes)
        bytes.append(0x2D)
        DigitText.append(day, width: 2, to: &bytes)
    }

    /// Gregorian leap years: every fourth year, except centuries not divisible by 400.
    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// 28…31 days; February has 29 in leap years.
    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Division rounding towards negative infinity (so days before 1970 fall on the right day).
    package static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
