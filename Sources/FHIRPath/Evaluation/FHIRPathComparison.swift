import Foundation
import RegimenFoundation

/// Equality, equivalence and order of single values (N1 §6.1, §6.2). Nil answers "unknown": the operator then gives
/// the empty collection.
struct FHIRPathComparison {
    /// Gives its offset to a date-time without one when compared with one that has an offset; read only then, since
    /// looking up a zone's offset costs more than most evaluations.
    var clock: FHIRPathClock

    /// `=` on two items (N1 §6.1.1): numbers by value (1 = 1.0), strings exactly, quantities in a common unit, dates
    /// and times precision by precision (unknown when one stops before the other), elements member by member.
    func equal(_ left: FHIRPathValue, _ right: FHIRPathValue) -> Bool? {
        if let leftNumber = left.decimalValue, let rightNumber = right.decimalValue { return leftNumber == rightNumber }
        if let order = temporalOrder(left, right) { return order.map { $0 == .orderedSame } ?? nil }
        if let leftQuantity = left.quantityValue, let rightQuantity = right.quantityValue {
            if let converted = leftQuantity.converted(rightQuantity, equivalence: false) {
                return leftQuantity.value == converted
            }
            // Known units of different dimensions (or a calendar and a definite duration) are unequal; unknown
            // units cannot be compared (N1 §6.1.1, "Quantity Equality").
            let known =
                FHIRPathQuantity.dimension(of: leftQuantity.unit, equivalence: true) != nil
                && FHIRPathQuantity.dimension(of: rightQuantity.unit, equivalence: true) != nil
            return known ? false : nil
        }
        switch (left, right) {
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.element(let a), .element(let b)): return a.members == b.members
        default: return false
        }
    }

    /// `~` on two items (N1 §6.1.2): as `=`, but strings ignoring case and runs of whitespace, decimals rounded to
    /// the less precise of the two, dates of different precision unequivalent, calendar durations equivalent to
    /// their UCUM units.
    func equivalent(_ left: FHIRPathValue, _ right: FHIRPathValue) -> Bool {
        if let a = left.decimalValue, let b = right.decimalValue {
            let scale = Swift.min(Self.scale(of: a), Self.scale(of: b))
            return Self.rounded(a, scale) == Self.rounded(b, scale)
        }
        if let order = temporalOrder(left, right) { return order == .orderedSame }
        if let a = left.quantityValue, let b = right.quantityValue {
            guard let converted = a.converted(b, equivalence: true) else { return false }
            return a.value == converted
        }
        switch (left, right) {
        case (.string(let a), .string(let b)): return Self.normalized(a) == Self.normalized(b)
        default: return equal(left, right) ?? false
        }
    }

    /// The order of two items for `<`, `>`, `<=`, `>=` (N1 §6.2): `.some(nil)` when unknown (dates of different
    /// precision, quantities of different dimensions), nil when the two cannot be compared at all.
    func order(_ left: FHIRPathValue, _ right: FHIRPathValue) -> ComparisonResult?? {
        if let a = left.decimalValue, let b = right.decimalValue {
            return .some(a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame)
        }
        if let order = temporalOrder(left, right) { return .some(order) }
        if let a = left.quantityValue, let b = right.quantityValue {
            guard let converted = a.converted(b, equivalence: false) else { return .some(nil) }
            return .some(
                a.value < converted ? .orderedAscending : a.value > converted ? .orderedDescending : .orderedSame)
        }
        if case .string(let a) = left, case .string(let b) = right {
            // Strictly lexical, by Unicode scalar values (N1 §6.2).
            if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return .some(.orderedSame) }
            return .some(
                a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? .orderedAscending : .orderedDescending)
        }
        return nil
    }

    /// The order of two dates, date-times or times: nil when they are not both of those (a Date and a DateTime compare;
    /// a Time compares only with a Time), `.some(nil)` when one stops at a precision the other goes past.
    func temporalOrder(_ left: FHIRPathValue, _ right: FHIRPathValue) -> ComparisonResult?? {
        guard var a = components(left), var b = components(right), a.isTime == b.isTime else { return nil }
        if !a.isTime, a.parts[3] != nil, b.parts[3] != nil, a.offset != nil || b.offset != nil {
            let local = a.offset == nil || b.offset == nil ? clock.offsetMinutes : 0
            a = a.inUTC(defaultOffset: local)
            b = b.inUTC(defaultOffset: local)
        }
        for index in 0..<a.parts.count {
            switch (a.parts[index], b.parts[index]) {
            case (nil, nil): return .some(.orderedSame)
            case (let x?, let y?):
                if x != y { return .some(x < y ? .orderedAscending : .orderedDescending) }
            default: return .some(nil)
            }
        }
        return .some(.orderedSame)
    }

    /// A date, date-time or time as its parts, coarsest first; the second and its fraction are one part in
    /// milliseconds (N1 §6.1.1).
    private struct Components {
        var parts: [Int?]
        var offset: Int?
        var isTime: Bool

        func inUTC(defaultOffset: Int) -> Components {
            guard let year = parts[0], let month = parts[1], let day = parts[2], let hour = parts[3] else {
                return self
            }
            let minutes =
                CivilDate(year: year, month: month, day: day).dayNumber * 1440 + hour * 60 + (parts[4] ?? 0)
                - (offset ?? defaultOffset)
            let dayNumber = CivilDate.floorDivide(minutes, 1440)
            let civil = CivilDate(dayNumber: dayNumber)
            let minuteOfDay = minutes - dayNumber * 1440
            return Components(
                parts: [
                    civil.year, civil.month, civil.day, minuteOfDay / 60, parts[4] == nil ? nil : minuteOfDay % 60,
                    parts[5],
                ], offset: 0, isTime: false)
        }
    }

    private func components(_ value: FHIRPathValue) -> Components? {
        func timeParts(_ time: FHIRPathTime?) -> [Int?] {
            guard let time else { return [nil, nil, nil] }
            return [time.hour, time.minute, time.second.map { $0 * 1000 + (time.millisecond ?? 0) }]
        }
        switch value {
        case .date(let date): return Components(parts: [date.year, date.month, date.day, nil, nil, nil], isTime: false)
        case .dateTime(let dateTime):
            let date = dateTime.date
            return Components(
                parts: [date.year, date.month, date.day] + timeParts(dateTime.time), offset: dateTime.offsetMinutes,
                isTime: false)
        case .time(let time): return Components(parts: timeParts(time), isTime: true)
        default: return nil
        }
    }

    /// Digits after the decimal point, trailing zeros aside (N1 §6.1.2).
    private static func scale(of value: Decimal) -> Int {
        let text = FHIRPathNumberText.text(value)
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: point, to: text.endIndex) - 1
    }

    private static func rounded(_ value: Decimal, _ scale: Int) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, .plain)
        return result
    }

    /// Lowercased, each run of whitespace one space, for string equivalence (N1 §6.1.2, "String Equivalence").
    private static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
