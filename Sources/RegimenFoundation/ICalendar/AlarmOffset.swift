/// When a reminder fires relative to its event's start, as typed after `--alarm` (docs/icalendar.md, "Alarms"): `0`, or
/// an optional sign and amounts of days, hours, minutes and seconds in that order, e.g. `-10m`, `-1h30m`, `+5m`.
package struct AlarmOffset: Sendable, Hashable {
    /// Seconds after the start (negative: before it).
    package let seconds: Int

    /// An offset of `seconds`.
    package init(seconds: Int) { self.seconds = seconds }

    /// The offset `text` spells.
    package init(parsing text: String) throws(AlarmOffsetError) {
        var rest = Substring(text.trimmingSpaces)
        guard !rest.isEmpty else { throw .empty }
        if rest == "0" {
            self.init(seconds: 0)
            return
        }
        var sign = 1
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let units: [(Character, Int)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
        var nextUnit = 0
        var total = 0
        guard !rest.isEmpty else { throw .malformed(text) }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 6, let amount = Int(digits) else { throw .malformed(text) }
            rest = rest.dropFirst(digits.count)
            guard let unit = rest.first else { throw .malformed(text) }
            guard let index = units.firstIndex(where: { $0.0 == unit }) else { throw .malformed(text) }
            guard index >= nextUnit else { throw .unitsOutOfOrder(text) }
            total += amount * units[index].1
            nextUnit = index + 1
            rest = rest.dropFirst()
        }
        guard total <= 28 * 86_400 else { throw .tooFar(text) }
        self.init(seconds: sign * total)
    }

    /// The offset as an RFC 5545 DURATION (§3.3.6), e.g. `-PT1H30M`, `PT0S`, `-P1DT2H`.
    package var durationText: String {
        var rest = abs(seconds)
        let days = rest / 86_400
        rest %= 86_400
        var text = seconds < 0 ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        guard rest > 0 || days == 0 else { return text }
        text += "T"
        let parts = [(rest / 3600, "H"), (rest % 3600 / 60, "M"), (rest % 60, "S")]
        let written = parts.filter { $0.0 > 0 }
        if written.isEmpty { return text + "0S" }
        for (amount, unit) in written { text += "\(amount)\(unit)" }
        return text
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
