import Foundation
import Testing

/// scripts/check-icalendar.py: expands a .ics with Python's `icalendar` and `recurring_ical_events` (independent of
/// Regimen) and lists the events a window holds, to compare with `regimen events` (docs/icalendar.md, "Checking a
/// file").
struct ICalendarChecker {
    /// One event: its start and end in whole seconds since 1970.
    struct Span: Hashable, Comparable, CustomStringConvertible {
        var start: Int
        var end: Int

        static func < (left: Span, right: Span) -> Bool { (left.start, left.end) < (right.start, right.end) }

        var description: String {
            let format = ISO8601DateFormatter()
            return
                "\(format.string(from: Date(timeIntervalSince1970: Double(start))))–\(format.string(from: Date(timeIntervalSince1970: Double(end))))"
        }
    }

    /// What the script found.
    struct Expansion {
        var events: [Span]
        var zoneMismatches: [String]
    }

    static var script: URL { RegimenProcess.packageRoot.appendingPathComponent("scripts/check-icalendar.py") }

    /// The events of `file` in the days [first, last] of `zone`, the script run as `regimen`'s runs are.
    static func expand(_ file: URL, zone: String, first: String, last: String, runner: RegimenProcess) throws
        -> Expansion
    {
        let run = try runner.run(
            [script.path, file.path, zone, first, last], program: try #require(RegimenProcess.python))
        guard run.status == 0 else {
            throw CheckFailure(text: "check-icalendar.py exited \(run.status): \(run.stderr)")
        }
        let data = Data(run.stdout.utf8)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]]).map { event in
            Span(start: event["start"] as? Int ?? -1, end: event["end"] as? Int ?? -1)
        }
        return Expansion(events: events.sorted(), zoneMismatches: object["zoneMismatches"] as? [String] ?? [])
    }

    /// The events `regimen events --format json` printed, as spans.
    static func spans(ofEventsJSON text: String) throws -> [Span] {
        let rows = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
        let format = ISO8601DateFormatter()
        return try rows.map { row in
            let start = try #require((row["start"] as? String).flatMap(format.date(from:)), "\(row)")
            let end = try #require((row["end"] as? String).flatMap(format.date(from:)), "\(row)")
            return Span(start: Int(start.timeIntervalSince1970), end: Int(end.timeIntervalSince1970))
        }.sorted()
    }

    /// A failure of the checker itself.
    struct CheckFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}
