import RegimenFoundation

/// Reads dates, date-times and times: the `@` literals of N1 §4.1.5–4.1.7 and the FHIR `date`, `dateTime`, `instant`
/// and `time` strings of a resource. A value naming a day or time that does not exist (2023-02-29, 24:00) is refused.
enum FHIRPathTemporalText {
    /// The value of a literal's text after `@`: `2020-01-02`, `2020-01-02T10:30Z`, `T10:30`, `2020T`.
    static func literal(_ text: String) -> FHIRPathValue? {
        if text.hasPrefix("T") { return time(String(text.dropFirst())).map(FHIRPathValue.time) }
        if let separator = text.firstIndex(of: "T") {
            let datePart = String(text[..<separator])
            let timePart = String(text[text.index(after: separator)...])
            return dateTime(date: datePart, time: timePart.isEmpty ? nil : timePart).map(FHIRPathValue.dateTime)
        }
        return date(text).map(FHIRPathValue.date)
    }

    /// A FHIR `dateTime` string: a date alone, or `yyyy-MM-ddTHH:mm:ss[.fff](Z|±hh:mm)`.
    static func fhirDateTime(_ text: String) -> FHIRPathDateTime? {
        guard let separator = text.firstIndex(of: "T") else {
            return date(text).map { FHIRPathDateTime(date: $0) }
        }
        return dateTime(date: String(text[..<separator]), time: String(text[text.index(after: separator)...]))
    }

    /// `yyyy`, `yyyy-MM` or `yyyy-MM-dd`.
    static func date(_ text: String) -> FHIRPathDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, let year = number(parts[0]) else { return nil }
        var date = FHIRPathDate(year: year)
        if parts.count > 1 {
            guard parts[1].count == 2, let month = number(parts[1]), (1...12).contains(month) else { return nil }
            date.month = month
        }
        if parts.count > 2 {
            guard parts[2].count == 2, let day = number(parts[2]), let month = date.month, day >= 1,
                day <= CivilDate.daysInMonth(year: year, month: month)
            else { return nil }
            date.day = day
        }
        return date
    }

    /// `HH`, `HH:mm`, `HH:mm:ss` or `HH:mm:ss.f…` (the fraction kept to milliseconds).
    static func time(_ text: String) -> FHIRPathTime? {
        var text = Substring(text)
        var millisecond: Int?
        if let dot = text.firstIndex(of: ".") {
            let fraction = text[text.index(after: dot)...]
            guard !fraction.isEmpty, fraction.count <= 9, let digits = number(fraction) else { return nil }
            var scaled = digits
            for _ in Swift.min(fraction.count, 3)..<3 { scaled *= 10 }
            for _ in 3..<max(3, fraction.count) { scaled /= 10 }
            millisecond = scaled
            text = text[..<dot]
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }), let hour = number(parts[0]),
            hour < 24
        else { return nil }
        var time = FHIRPathTime(hour: hour)
        if parts.count > 1 {
            guard let minute = number(parts[1]), minute < 60 else { return nil }
            time.minute = minute
        }
        if parts.count > 2 {
            guard let second = number(parts[2]), second < 60 else { return nil }
            time.second = second
            time.millisecond = millisecond
        } else if millisecond != nil {
            return nil
        }
        return time
    }

    private static func dateTime(date dateText: String, time timeText: String?) -> FHIRPathDateTime? {
        guard let date = date(dateText) else { return nil }
        guard var timeText else { return FHIRPathDateTime(date: date) }
        guard date.day != nil else { return nil }
        var offset: Int?
        if timeText.hasSuffix("Z") {
            offset = 0
            timeText.removeLast()
        } else if let sign = timeText.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = timeText[timeText.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
            guard zone.count == 2, zone.allSatisfy({ $0.count == 2 }), let hours = number(zone[0]), hours <= 14,
                let minutes = number(zone[1]), minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * (timeText[sign] == "-" ? -1 : 1)
            timeText = String(timeText[..<sign])
        }
        guard let time = time(timeText) else { return nil }
        return FHIRPathDateTime(date: date, time: time, offsetMinutes: offset)
    }

    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits)
    }

    /// `value` zero-padded to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(Swift.abs(value))
        let padded = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
