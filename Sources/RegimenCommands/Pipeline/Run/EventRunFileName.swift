import Foundation
import RegimenFoundation

/// The name of a file kept beside a task's results for one event's run (docs/finish-later.md): `<prefix>-<event
/// start, UTC, 20261125T080000Z>.jsonl`, or `<prefix>.jsonl` for a task without a schedule. Ingest reads only `.json`
/// files, so it never takes one for a result.
struct EventRunFileName {
    /// What the names start with: "unfinished" (a kept run), "in-progress" (a run's journal).
    let prefix: String
    static let suffix = ".jsonl"

    /// The file for the event starting at `eventStart` in `folder`.
    func url(in folder: URL, eventStart: Date?) -> URL {
        guard let eventStart else { return folder.appendingPathComponent(prefix + Self.suffix) }
        // The instant, whatever zone the participant is in.
        return folder.appendingPathComponent("\(prefix)-\(ICalendarDateText.utc(eventStart))\(Self.suffix)")
    }

    /// Every such file in `folder`, by name (none when the folder is missing).
    func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(matches).sorted().map(folder.appendingPathComponent)
    }

    /// Whether the file for the event starting at `eventStart` is in `folder`: one `access` call, for the care feed.
    func exists(in folder: URL, eventStart: Date?) -> Bool {
        access(url(in: folder, eventStart: eventStart).path, F_OK) == 0
    }

    /// Whether `name` is such a file's.
    func matches(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix(Self.suffix)
    }
}
