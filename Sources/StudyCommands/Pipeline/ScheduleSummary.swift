import CareModel
import Catalog
import Foundation
import RegimenCommands
import RegimenFoundation
import ResearchTasks

/// A survey's schedule in words, for `study revisions`' change list: "daily at 08:00", "every 2 days, all day, from
/// study day 3 until study day 10" (study days as docs/study-database.md, "Participants and study days", counts them).
enum ScheduleSummary {
    /// The words of `spec`: its elements joined by "; ".
    static func text(_ spec: ScheduleSpec) -> String {
        spec.elements.map(text).joined(separator: "; ")
    }

    private static func text(_ element: ScheduleElementSpec) -> String {
        var parts = [repetition(element.interval)]
        if let time = element.timeOfDay { parts[0] += String(format: " at %02d:%02d", time.hour, time.minute) }
        switch element.duration {
        case .allDay: parts.append("all day")
        case .seconds(let seconds) where seconds != 3600: parts.append("for \(length(seconds))")
        case .seconds: break
        }
        let start = anchor(element.start)
        if start != "study day 1" { parts.append("from \(start)") }
        if let end = element.end { parts.append("until \(anchor(end))") }
        return parts.joined(separator: ", ")
    }

    private static func repetition(_ interval: DateComponents) -> String {
        let units: [(Int?, String)] = [
            (interval.year, "year"), (interval.month, "month"), (interval.weekOfYear, "week"), (interval.day, "day"),
            (interval.hour, "hour"), (interval.minute, "minute"), (interval.second, "second"),
        ]
        let written = units.compactMap { value, unit in value.flatMap { $0 == 0 ? nil : ($0, unit) } }
        if written.count == 1, written[0].0 == 1 {
            switch written[0].1 {
            case "day": return "daily"
            case "week": return "weekly"
            default: return "every \(written[0].1)"
            }
        }
        let words = written.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return words.isEmpty ? "once" : "every " + words.joined(separator: " ")
    }

    private static func anchor(_ anchor: ScheduleAnchor) -> String {
        let offset = anchor.offset
        let others = [offset.year, offset.month, offset.weekOfYear, offset.hour, offset.minute, offset.second]
        if anchor.reference == .startOfEnrollmentDay, others.allSatisfy({ ($0 ?? 0) == 0 }) {
            let days = offset.day ?? 0
            return "study day \(days >= 0 ? days + 1 : days)"
        }
        let base = anchor.reference == .startOfEnrollmentDay ? "the start of the enrollment day" : "enrollment"
        let units: [(Int?, String)] = [
            (offset.year, "year"), (offset.month, "month"), (offset.weekOfYear, "week"), (offset.day, "day"),
            (offset.hour, "hour"), (offset.minute, "minute"), (offset.second, "second"),
        ]
        let words = units.compactMap { value, unit in
            value.flatMap { $0 == 0 ? nil : "\($0 > 0 ? "+" : "")\($0) \(unit)\(abs($0) == 1 ? "" : "s")" }
        }
        return ([base] + words).joined(separator: " ")
    }

    private static func length(_ seconds: Double) -> String {
        if seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(Int(seconds)) s"
    }
}
