import CareModel
import Foundation
import ResearchTasks

extension SurveyDecoder {
    /// Decodes `schedule:`: a list of `daily:`, `weekly:` or `every:` elements.
    func decodeSchedule(_ node: SurveyNode, at path: SurveyPath) -> ScheduleSpec? {
        guard case .sequence(let items) = node.value else {
            sink.report(path, "must be a list of schedule elements, found \(node.kindName)", line: node.line)
            return nil
        }
        if items.isEmpty { sink.report(path, "must have at least one element", line: node.line) }
        var elements: [ScheduleElementSpec] = []
        var failed = false
        for (offset, item) in items.enumerated() {
            if let element = decodeScheduleElement(item, at: path.index(offset)) {
                elements.append(element)
            } else {
                failed = true
            }
        }
        return failed || elements.isEmpty ? nil : ScheduleSpec(elements: elements)
    }

    private func decodeScheduleElement(_ node: SurveyNode, at path: SurveyPath) -> ScheduleElementSpec? {
        guard let wrapper = MapReader(node, at: path, kind: "scheduleElement", sink: sink) else { return nil }
        let kinds = SurveyVocabulary.keys("scheduleElement").filter(wrapper.has)
        guard kinds.count == 1, let kind = kinds.first, let body = wrapper.node(kind) else {
            let reason =
                kinds.isEmpty
                ? "a schedule element needs one of daily, weekly, every"
                : "a schedule element has exactly one of daily, weekly, every, found \(kinds.joined(separator: " and "))"
            sink.report(path, reason, line: node.line)
            return nil
        }
        let bodyPath = path.key(kind)
        guard
            let map = MapReader(
                body, at: bodyPath, kind: kind == "every" ? "everyOptions" : "repeatOptions", sink: sink,
                allowNull: true)
        else { return nil }
        var failed = false
        var interval = DateComponents()
        switch kind {
        case "daily": interval.day = 1
        case "weekly": interval.weekOfYear = 1
        default:
            if let intervalNode = map.required("interval"),
                let parsed = components(intervalNode, at: bodyPath.key("interval"))
            {
                let values = [parsed.year, parsed.month, parsed.weekOfYear, parsed.day, parsed.hour, parsed.minute]
                    .compactMap { $0 }
                if values.contains(where: { $0 < 0 }) || !values.contains(where: { $0 > 0 }) {
                    sink.report(
                        bodyPath.key("interval"), "must be a positive amount of time, e.g. { days: 2 }",
                        line: intervalNode.line)
                    failed = true
                }
                interval = parsed
            } else {
                failed = true
            }
        }
        var timeOfDay: TimeOfDay?
        if let at = map.string("at") {
            timeOfDay = DateText.timeOfDay(at)
            if timeOfDay == nil {
                map.report("at", "must be a time written \"HH:mm\", e.g. \"08:00\"")
                failed = true
            }
        } else if let atNode = map.node("at"), atNode.string == nil {
            failed = true
        }
        var start = ScheduleAnchor(.startOfEnrollmentDay)
        if let startNode = map.node("start") {
            if let parsed = anchor(startNode, at: bodyPath.key("start")) { start = parsed } else { failed = true }
        }
        var end: ScheduleAnchor?
        if let endNode = map.node("end") {
            if let parsed = anchor(endNode, at: bodyPath.key("end")) { end = parsed } else { failed = true }
        }
        var duration = ScheduleDuration.seconds(3600)
        if let durationNode = map.node("duration") {
            if let parsed = self.duration(durationNode, at: bodyPath.key("duration")) {
                duration = parsed
            } else {
                failed = true
            }
        }
        let text = map.string("text")
        if map.node("text") != nil, text == nil { failed = true }
        guard !failed else { return nil }
        if let end, !endsAfterStart(start: start, end: end, timeOfDay: timeOfDay) {
            sink.report(bodyPath.key("end"), "must be after the start", line: map.node("end")?.line ?? node.line)
            return nil
        }
        return ScheduleElementSpec(
            start: start, end: end, timeOfDay: timeOfDay, interval: interval, duration: duration, text: text
        )
    }

    /// `enrollment`, `enrollmentDay`, or `{ anchor: …, offset: { weeks: 1 } }`.
    func anchor(_ node: SurveyNode, at path: SurveyPath) -> ScheduleAnchor? {
        if let text = node.string {
            guard let reference = ScheduleAnchor.Reference(rawValue: text) else {
                sink.report(
                    path, "must be \"enrollment\", \"enrollmentDay\" or { anchor: …, offset: … }", line: node.line)
                return nil
            }
            return ScheduleAnchor(reference)
        }
        guard let map = MapReader(node, at: path, kind: "anchor", sink: sink) else { return nil }
        let reference = map.choice("anchor", ScheduleAnchor.Reference.allCases, required: true)
        var offset = DateComponents()
        if let offsetNode = map.node("offset") {
            guard let parsed = components(offsetNode, at: path.key("offset")) else { return nil }
            offset = parsed
        }
        guard let reference else { return nil }
        return ScheduleAnchor(reference, offset: offset)
    }

    /// `{ years, months, weeks, days, hours, minutes }` as calendar components (weeks = weekOfYear, as CareKit).
    private func components(_ node: SurveyNode, at path: SurveyPath) -> DateComponents? {
        guard let map = MapReader(node, at: path, kind: "components", sink: sink) else { return nil }
        if map.entries.isEmpty {
            sink.report(path, "must name at least one of years, months, weeks, days, hours, minutes", line: node.line)
        }
        var result = DateComponents()
        result.year = map.int("years")
        result.month = map.int("months")
        result.weekOfYear = map.int("weeks")
        result.day = map.int("days")
        result.hour = map.int("hours")
        result.minute = map.int("minutes")
        let read = [result.year, result.month, result.weekOfYear, result.day, result.hour, result.minute].compactMap {
            $0
        }
        return read.count == map.entries.count && !read.isEmpty ? result : nil
    }

    /// `allDay`, or `{ days, hours, minutes }`.
    private func duration(_ node: SurveyNode, at path: SurveyPath) -> ScheduleDuration? {
        if let text = node.string {
            guard text == "allDay" else {
                sink.report(path, "must be \"allDay\" or { days: …, hours: …, minutes: … }", line: node.line)
                return nil
            }
            return .allDay
        }
        guard let map = MapReader(node, at: path, kind: "durationAmount", sink: sink) else { return nil }
        let days = map.number("days")
        let hours = map.number("hours")
        let minutes = map.number("minutes")
        guard days != nil || hours != nil || minutes != nil else {
            sink.report(path, "must name days, hours and/or minutes", line: node.line)
            return nil
        }
        // Days are 24 elapsed hours each here; a linked task's window keeps whole days from midnight to midnight
        // (docs/health-export.md, "Linked tasks").
        let seconds = (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60
        guard seconds >= 0, seconds.isFinite else {
            sink.report(path, "must not be negative", line: node.line)
            return nil
        }
        return .seconds(seconds)
    }

    /// Whether the end follows the start for any enrollment time of day (probed at both ends of a day, UTC).
    private func endsAfterStart(start: ScheduleAnchor, end: ScheduleAnchor, timeOfDay: TimeOfDay?) -> Bool {
        var probeCalendar = Calendar(identifier: .gregorian)
        probeCalendar.timeZone = TimeZone(secondsFromGMT: 0) ?? probeCalendar.timeZone
        let element = ScheduleElementSpec(
            start: start, end: end, timeOfDay: timeOfDay, interval: DateComponents(day: 1))
        for probe in [1_686_787_200.0, 1_686_873_540.0] {  // 2023-06-15 00:00 and 23:59 UTC
            let resolved = element.resolve(enrollment: Date(timeIntervalSince1970: probe), calendar: probeCalendar)
            guard let endDate = resolved.end, endDate > resolved.start else { return false }
        }
        return true
    }
}
