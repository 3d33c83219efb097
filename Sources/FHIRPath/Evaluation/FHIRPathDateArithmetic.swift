import Foundation
import RegimenFoundation

/// Adding time-valued quantities to dates, date-times and times (N1 §6.7, "Date/Time Arithmetic"): calendar semantics
/// above the second (years and months keep the day, or take the month's last day), a quantity finer than the value's
/// precision converted to that precision and truncated (`@2014 + 23 months = @2015`), and the result kept to the
/// value's precision.
enum FHIRPathDateArithmetic {
    /// The precisions, coarsest first.
    enum Step: Int, Comparable, Sendable {
        case year, month, day, hour, minute, second, millisecond

        static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Milliseconds in one, for day and finer.
        var milliseconds: Int {
            switch self {
            case .day: 86_400_000
            case .hour: 3_600_000
            case .minute: 60_000
            case .second: 1000
            default: 1
            }
        }
    }

    /// The step and count a quantity's unit stands for: calendar keywords, and the definite `'s'` and `'ms'` (N1 §6.7
    /// lets definite durations take part only at and below the second). Weeks are seven days.
    static func duration(_ quantity: FHIRPathQuantity) -> (step: Step, amount: Decimal)? {
        switch quantity.unit {
        case "year": (.year, quantity.value)
        case "month": (.month, quantity.value)
        case "week": (.day, quantity.value * 7)
        case "day": (.day, quantity.value)
        case "hour": (.hour, quantity.value)
        case "minute": (.minute, quantity.value)
        case "second", "s": (.second, quantity.value)
        case "millisecond", "ms": (.millisecond, quantity.value)
        default: nil
        }
    }

    /// `value` moved by `quantity` (negated when `subtracting`); nil when the unit is no duration the value takes.
    static func add(
        _ quantity: FHIRPathQuantity, to value: FHIRPathValue, subtracting: Bool
    ) throws(FHIRPathEvaluationError) -> FHIRPathValue? {
        guard var (step, amount) = duration(quantity) else { return nil }
        if subtracting { amount = -amount }
        // Seconds with a fraction become milliseconds; above the second the fraction is dropped (N1 §6.7).
        if step == .second, amount != amount.truncated {
            step = .millisecond
            amount *= 1000
        }
        guard let whole = amount.truncated.intValue else { throw .dateOutOfRange }
        switch value {
        case .date(let date):
            guard step <= .day else { return nil }
            let precision: Step = date.day != nil ? .day : date.month != nil ? .month : .year
            let moved = try move(
                FHIRPathDateTime(date: date), precision: precision, step: step, amount: whole)
            return .date(moved.date)
        case .dateTime(let dateTime):
            return .dateTime(try move(dateTime, precision: precision(of: dateTime), step: step, amount: whole))
        case .time(let time):
            guard step >= .hour else { return nil }
            let precision = precision(of: time)
            let (coarse, count) = converted(step: step, amount: whole, to: precision)
            let day = 86_400_000
            let start = milliseconds(of: time)
            let moved = ((start + count % day * coarse.milliseconds % day) % day + day) % day
            return .time(timeOfDay(moved, precision: precision))
        default:
            return nil
        }
    }

    private static func precision(of time: FHIRPathTime) -> Step {
        time.millisecond != nil ? .millisecond : time.second != nil ? .second : time.minute != nil ? .minute : .hour
    }

    private static func precision(of dateTime: FHIRPathDateTime) -> Step {
        if let time = dateTime.time { return precision(of: time) }
        return dateTime.date.day != nil ? .day : dateTime.date.month != nil ? .month : .year
    }

    private static func milliseconds(of time: FHIRPathTime) -> Int {
        time.hour * 3_600_000 + (time.minute ?? 0) * 60_000 + (time.second ?? 0) * 1000 + (time.millisecond ?? 0)
    }

    /// `amount` of `step` in units of `precision` when the step is finer, truncated (N1 §6.7: 365 days are a year;
    /// this subset takes a month as 30 days).
    private static func converted(step: Step, amount: Int, to precision: Step) -> (Step, Int) {
        guard step > precision else { return (step, amount) }
        switch precision {
        case .year:
            return step == .month ? (.year, amount / 12) : (.year, amount / 365 / (86_400_000 / step.milliseconds))
        case .month:
            return (.month, amount / 30 / (86_400_000 / step.milliseconds))
        default:
            return (precision, amount / (precision.milliseconds / step.milliseconds))
        }
    }

    private static func move(
        _ dateTime: FHIRPathDateTime, precision: Step, step: Step, amount: Int
    ) throws(FHIRPathEvaluationError) -> FHIRPathDateTime {
        let (step, amount) = converted(step: step, amount: amount, to: precision)
        var result = dateTime
        switch step {
        case .year, .month:
            guard Swift.abs(amount) < 120_000 else { throw .dateOutOfRange }
            let months = step == .year ? amount * 12 : amount
            let total = dateTime.date.year * 12 + (dateTime.date.month ?? 1) - 1 + months
            let year = CivilDate.floorDivide(total, 12)
            result.date.year = year
            if dateTime.date.month != nil {
                let month = total - year * 12 + 1
                result.date.month = month
                if let day = dateTime.date.day {
                    result.date.day = Swift.min(day, CivilDate.daysInMonth(year: year, month: month))
                }
            }
        default:
            guard let month = dateTime.date.month, let day = dateTime.date.day,
                Swift.abs(amount) < 4_000_000 * 86_400_000 / step.milliseconds
            else { throw .dateOutOfRange }
            let dayNumber = CivilDate(year: dateTime.date.year, month: month, day: day).dayNumber
            let start = dayNumber * 86_400_000 + (dateTime.time.map(milliseconds) ?? 0)
            let moved = Self.dateTime(
                fromEpochMilliseconds: start + amount * step.milliseconds, precision: precision,
                offsetMinutes: dateTime.offsetMinutes)
            result = moved
        }
        guard (1...9999).contains(result.date.year) else { throw .dateOutOfRange }
        return result
    }

    /// The date-time `milliseconds` after 1970-01-01T00:00 (local), kept to `precision`.
    static func dateTime(fromEpochMilliseconds milliseconds: Int, precision: Step, offsetMinutes: Int?)
        -> FHIRPathDateTime
    {
        let day = 86_400_000
        let dayNumber = CivilDate.floorDivide(milliseconds, day)
        let civil = CivilDate(dayNumber: dayNumber)
        let date = FHIRPathDate(year: civil.year, month: civil.month, day: civil.day)
        guard precision > .day else { return FHIRPathDateTime(date: date) }
        let time = timeOfDay(milliseconds - dayNumber * day, precision: precision)
        return FHIRPathDateTime(date: date, time: time, offsetMinutes: offsetMinutes)
    }

    /// The time `milliseconds` after midnight, kept to `precision` (hour or finer).
    static func timeOfDay(_ milliseconds: Int, precision: Step) -> FHIRPathTime {
        FHIRPathTime(
            hour: milliseconds / 3_600_000,
            minute: precision >= .minute ? milliseconds / 60_000 % 60 : nil,
            second: precision >= .second ? milliseconds / 1000 % 60 : nil,
            millisecond: precision >= .millisecond ? milliseconds % 1000 : nil)
    }
}

extension Decimal {
    /// The value with its fraction dropped, toward zero.
    var truncated: Decimal {
        var value = self < 0 ? -self : self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .down)
        return self < 0 ? -result : result
    }

    /// The value as an Int when it is whole and fits.
    var intValue: Int? {
        guard self == truncated, Swift.abs(self) < Decimal(Int.max / 2) else { return nil }
        return NSDecimalNumber(decimal: self).intValue
    }
}
