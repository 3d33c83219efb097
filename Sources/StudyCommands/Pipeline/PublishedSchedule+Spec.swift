import CareModel
import Catalog
import Foundation
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// A survey's schedule (`ScheduleSpec`) to and from the form a study revision keeps (`PublishedSchedule`): the same
/// elements, relative to enrollment, so a participant enrolled after the publish gets exactly the published schedule
/// in their own zone (docs/study-database.md, "Publishing and revisions").
extension PublishedSchedule {
    /// The published form of `spec`.
    init(_ spec: ScheduleSpec) {
        self.init(
            elements: spec.elements.map { element in
                let seconds: Double? = if case .seconds(let value) = element.duration { value } else { nil }
                return Element(
                    start: Anchor(element.start), end: element.end.map(Anchor.init), hour: element.timeOfDay?.hour,
                    minute: element.timeOfDay?.minute, interval: Components(element.interval), seconds: seconds,
                    text: element.text)
            })
    }

    /// The survey schedule it was made from; nil when an anchor's reference is not one this program knows.
    var spec: ScheduleSpec? {
        var elements: [ScheduleElementSpec] = []
        for element in self.elements {
            guard let start = element.start.anchor else { return nil }
            var end: ScheduleAnchor?
            if let written = element.end {
                guard let anchor = written.anchor else { return nil }
                end = anchor
            }
            let time = element.hour.map { TimeOfDay(hour: $0, minute: element.minute ?? 0) }
            elements.append(
                ScheduleElementSpec(
                    start: start, end: end, timeOfDay: time, interval: element.interval.dateComponents,
                    duration: element.seconds.map { .seconds($0) } ?? .allDay, text: element.text))
        }
        return ScheduleSpec(elements: elements)
    }
}

extension PublishedSchedule.Anchor {
    init(_ anchor: ScheduleAnchor) {
        self.init(reference: anchor.reference.rawValue, offset: PublishedSchedule.Components(anchor.offset))
    }

    var anchor: ScheduleAnchor? {
        ScheduleAnchor.Reference(rawValue: reference).map { ScheduleAnchor($0, offset: offset.dateComponents) }
    }
}

extension PublishedSchedule.Components {
    init(_ components: DateComponents) {
        self.init(
            year: components.year, month: components.month, weekOfYear: components.weekOfYear, day: components.day,
            hour: components.hour, minute: components.minute, second: components.second)
    }

    var dateComponents: DateComponents {
        DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, weekOfYear: weekOfYear)
    }
}
