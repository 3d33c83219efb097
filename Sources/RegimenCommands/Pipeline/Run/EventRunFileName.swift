import Crypto
import Foundation
import RegimenFoundation
import ResearchTasks

/// The name of a file kept beside a task's results for one event's run (docs/finish-later.md): `<prefix>-<task>-<event
/// start, UTC, 20261125T080000Z>.jsonl`, or `<prefix>-<task>.jsonl` for a task without a schedule, the task written
/// once per task (`namePart`), so that tasks sharing a results folder (`--results`) never take each other's files.
/// Ingest reads only `.json` files, so it never takes one for a result.
struct EventRunFileName {
    /// What the names start with: "unfinished" (a kept run), "in-progress" (a run's journal).
    let prefix: String
    static let suffix = ".jsonl"

    /// The file of `task`'s run for the event starting at `eventStart` in `folder`.
    func url(in folder: URL, task: String, eventStart: Date?) -> URL {
        folder.appendingPathComponent(name(Self.namePart(task), eventStart: eventStart))
    }

    /// `task` in a file name, one name part per task: as in result file names (`ResultFiles.safeIdentifier`), with the
    /// first 8 hex digits of the identifier's SHA-256 added when that changed it (`check in` and `check_in`, `日記`
    /// and `睡眠` would otherwise share `check_in` and `__`).
    static func namePart(_ task: String) -> String {
        let safe = ResultFiles.safeIdentifier(task)
        guard safe != task else { return safe }
        return safe + "~" + HexText.lowercase(SHA256.hash(data: Data(task.utf8))).prefix(8)
    }

    /// The name the file had before it named its task (until 2026-11-27): `<prefix>-<event start>.jsonl`. Still read,
    /// for kept runs of that day, when its header names the task.
    func legacyURL(in folder: URL, eventStart: Date?) -> URL {
        folder.appendingPathComponent(name(nil, eventStart: eventStart))
    }

    /// Every such file in `folder`, of any task, by name (none when the folder is missing).
    func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(matches).sorted().map(folder.appendingPathComponent)
    }

    /// Whether `task`'s file for the event starting at `eventStart` is in `folder`, under its name or (`legacy`) the
    /// earlier one: an `access` call or two, for the care feed.
    func exists(in folder: URL, task: String, eventStart: Date?, legacy: Bool) -> Bool {
        access(url(in: folder, task: task, eventStart: eventStart).path, F_OK) == 0
            || (legacy && access(legacyURL(in: folder, eventStart: eventStart).path, F_OK) == 0)
    }

    /// Whether `name` is such a file's.
    func matches(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix(Self.suffix)
    }

    private func name(_ task: String?, eventStart: Date?) -> String {
        var parts = [prefix]
        if let task { parts.append(task) }
        // The instant, whatever zone the participant is in.
        if let eventStart { parts.append(ICalendarDateText.utc(eventStart)) }
        return parts.joined(separator: "-") + Self.suffix
    }
}
