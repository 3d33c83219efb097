package import Foundation
package import RegimenFoundation

/// A VTIMEZONE (RFC 5545 §3.6.5) for one zone over a span, built from the zone's real offset changes
/// (docs/icalendar.md, "Time zones"): an observance for the offset in force before the first change, then one
/// STANDARD or DAYLIGHT sub-component per kind of change (same offsets before and after), its changes in the span as
/// DTSTART and RDATE in the local time before each change — and, where the zone's changes of every kind follow a yearly
/// rule from the span's end on (checked for 30 years), that rule as an RRULE, so the component holds beyond the span.
package struct TimeZoneComponent: Sendable {
    /// The zone.
    package let zone: TimeZone
    /// The first instant the file refers to in this zone.
    package let spanStart: Date
    /// The last instant the file refers to in this zone.
    package let spanEnd: Date

    /// Years after the span over which a yearly rule must hold.
    static let checkedYears = 30.0

    /// The component for `zone` over [spanStart, spanEnd].
    package init(zone: TimeZone, spanStart: Date, spanEnd: Date) {
        self.zone = zone
        self.spanStart = spanStart
        self.spanEnd = max(spanStart, spanEnd)
    }

    /// What makes two changes the same kind: the offsets before and after, and whether the after is daylight time.
    struct Kind: Hashable {
        var from: Int
        var to: Int
        var isDaylight: Bool
    }

    /// One offset change.
    struct Change: Hashable {
        var instant: Date
        var kind: Kind
        /// Local wall seconds since 1970 of the change, in the offset before it.
        var local: Int { Int(instant.timeIntervalSince1970.rounded(.down)) + kind.from }
    }

    /// The changes from `low` (absolute seconds) to `high`, inclusive.
    func changes(from low: Double, through high: Double) -> [Change] {
        let transitions = TimeZoneTransitions.of(zone)
        return transitions.changes[transitions.firstIndex(atOrAfter: low)...].prefix { $0.instant <= high }.map {
            change in
            let instant = Date(timeIntervalSince1970: change.instant)
            let kind = Kind(
                from: zone.secondsFromGMT(for: instant.addingTimeInterval(-1)), to: zone.secondsFromGMT(for: instant),
                isDaylight: zone.isDaylightSavingTime(for: instant))
            return Change(instant: instant, kind: kind)
        }
    }

    /// The changes within the span, from a year before it (so the offset at its start is stated by a change).
    var changes: [Change] {
        changes(from: spanStart.timeIntervalSince1970 - 366 * 86_400, through: spanEnd.timeIntervalSince1970)
    }

    /// Appends the component's lines.
    package func write(to lines: inout ICalendarContentLines) {
        lines.begin("VTIMEZONE")
        lines.addText("TZID", zone.identifier)
        let changes = self.changes
        let initialOffset = changes.first?.kind.from ?? zone.secondsFromGMT(for: spanStart)
        let initialDaylight =
            changes.first.map { zone.isDaylightSavingTime(for: $0.instant.addingTimeInterval(-1)) }
            ?? zone.isDaylightSavingTime(for: spanStart)
        observance(
            Kind(from: initialOffset, to: initialOffset, isDaylight: initialDaylight), starts: ["19700101T000000"],
            lines: &lines)
        var kinds: [(kind: Kind, changes: [Change])] = []
        for change in changes {
            if let index = kinds.firstIndex(where: { $0.kind == change.kind }) {
                kinds[index].changes.append(change)
            } else {
                kinds.append((change.kind, [change]))
            }
        }
        let rules = yearlyRules(kinds)
        for (kind, listed) in kinds {
            let ruled = rules?[kind]
            let plain = listed[..<(ruled?.from ?? listed.count)]
            if !plain.isEmpty { observance(kind, starts: plain.map(localText), lines: &lines) }
            if let ruled {
                observance(kind, starts: [localText(listed[ruled.from])], rule: ruled.rule.text, lines: &lines)
            }
        }
        lines.end("VTIMEZONE")
    }

    /// Per kind, the yearly rule its last changes follow and the index of the first change it covers — when every
    /// change of the 30 years after the span follows its kind's rule in consecutive years; nil otherwise (or when
    /// the zone changes no more).
    func yearlyRules(_ kinds: [(kind: Kind, changes: [Change])]) -> [Kind: (rule: YearlyChangeRule, from: Int)]? {
        let high = spanEnd.timeIntervalSince1970
        let future = changes(from: high + 1, through: high + Self.checkedYears * 365.25 * 86_400)
        guard !future.isEmpty else { return nil }
        var rules: [Kind: (rule: YearlyChangeRule, from: Int)] = [:]
        for (kind, listed) in kinds {
            let later = future.filter { $0.kind == kind }
            guard let last = listed.last, !later.isEmpty else { continue }
            for rule in YearlyChangeRule.candidates(local: last.local) {
                guard Self.followsYearly(rule, [last] + later) else { continue }
                var first = listed.count - 1
                while first > 0, Self.followsYearly(rule, [listed[first - 1], listed[first]]) { first -= 1 }
                if first < rules[kind]?.from ?? Int.max { rules[kind] = (rule, first) }
            }
        }
        return future.allSatisfy { rules[$0.kind] != nil } ? rules : nil
    }

    /// Whether `changes` fall on `rule`'s day and time in consecutive years.
    static func followsYearly(_ rule: YearlyChangeRule, _ changes: [Change]) -> Bool {
        let years = changes.map { YearlyChangeRule.year(local: $0.local) }
        return changes.allSatisfy { rule.matches(local: $0.local) }
            && zip(years, years.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }

    /// The change's local time before it, as DTSTART or RDATE text.
    private func localText(_ change: Change) -> String {
        ICalendarDateText.local(change.instant, zone: TimeZone(secondsFromGMT: change.kind.from) ?? zone)
    }

    private func observance(_ kind: Kind, starts: [String], rule: String? = nil, lines: inout ICalendarContentLines) {
        let name = kind.isDaylight ? "DAYLIGHT" : "STANDARD"
        lines.begin(name)
        lines.add("DTSTART", starts[0])
        if let rule { lines.add("RRULE", rule) }
        if starts.count > 1 { lines.add("RDATE", starts.dropFirst().joined(separator: ",")) }
        lines.add("TZOFFSETFROM", ICalendarDateText.offset(seconds: kind.from))
        lines.add("TZOFFSETTO", ICalendarDateText.offset(seconds: kind.to))
        lines.end(name)
    }
}
