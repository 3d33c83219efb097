import Foundation
import RegimenFoundation
import SystemPackage
import TerminalRunner

/// A run the participant quit and kept to finish later (docs/finish-later.md): the lines typed so far as a transcript
/// (the run's start and identifier are the finished result's), and the event they answer. Kept owner-only beside the
/// task's results as `unfinished-<task>-<event start, UTC>.jsonl` (`EventRunFileName`), which ingest does not read (it
/// reads `.json` files).
struct UnfinishedRun {
    /// The lines typed so far, under the run's header.
    var transcript: Transcript
    /// The start of the event the run answers; nil for a task without a schedule.
    var eventStart: Date?
    /// When the run can no longer be finished; nil: never.
    var closes: Date?
    /// Where it is kept.
    var url: URL

    /// `unfinished-<task>-<event start>.jsonl`.
    static let name = EventRunFileName(prefix: "unfinished")
    private static let eventStartField = "eventStart"
    private static let closesField = "closes"

    /// The file kept for `task`'s run of the event starting at `eventStart` in `folder`.
    static func url(in folder: URL, task: String, eventStart: Date?) -> URL {
        name.url(in: folder, task: task, eventStart: eventStart)
    }

    /// Every kept run's file in `folder`, of any task, by name (none when the folder is missing).
    static func files(in folder: URL) -> [URL] {
        name.files(in: folder)
    }

    /// Whether a run of `task` is kept for the event starting at `eventStart` in `folder`, for the care feed.
    static func isKept(in folder: URL, task: String, eventStart: Date?) -> Bool {
        name.exists(in: folder, task: task, eventStart: eventStart, legacy: true)
    }

    /// Reads a kept run; the error names the file and what is wrong, never an answer.
    static func read(_ url: URL) throws(RegimenError) -> UnfinishedRun {
        let read: (input: RecordedInput, fields: [String: String])
        do throws(TranscriptError) {
            read = try RecordedInput.read(from: FilePath(url.path), headerFields: [eventStartField, closesField])
        } catch {
            throw .transcript(error)
        }
        return try make(read, url: url)
    }

    /// Decodes a kept run's file contents (also a stopped run's journal, `InProgressRun`, which has the same form);
    /// `url` is where it is kept and names it in errors.
    static func decode(_ data: Data, url: URL) throws(RegimenError) -> UnfinishedRun {
        let read: (input: RecordedInput, fields: [String: String])
        do throws(TranscriptError) {
            read = try RecordedInput.decode(data, file: url.path, headerFields: [eventStartField, closesField])
        } catch {
            throw .badData(error.description)
        }
        return try make(read, url: url)
    }

    private static func make(_ read: (input: RecordedInput, fields: [String: String]), url: URL) throws(RegimenError)
        -> UnfinishedRun
    {
        guard case .transcript(let transcript) = read.input else {
            throw .badData("\(url.path): not a kept run (no transcript header)")
        }
        func date(_ field: String) throws(RegimenError) -> Date? {
            guard let text = read.fields[field] else { return nil }
            guard let date = ISODateTime.read(text, rules: .instant)?.date else {
                throw .badData("\(url.path): line 1: field \"\(field)\" is not an ISO 8601 date-time")
            }
            return date
        }
        return UnfinishedRun(
            transcript: transcript, eventStart: try date(eventStartField), closes: try date(closesField), url: url)
    }

    /// Writes the file (0600, atomically: an interrupted write leaves the previous one whole).
    func write() throws(RegimenError) {
        do throws(FileError) {
            try transcript.write(
                to: FilePath(url.path), extraHeaderFields: Self.headerFields(eventStart: eventStart, closes: closes))
        } catch {
            throw .file(error)
        }
    }

    /// The header fields beside the transcript's own: the event's start and when the run closes, as UTC date-times.
    static func headerFields(eventStart: Date?, closes: Date?) -> [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = []
        if let eventStart { fields.append((eventStartField, ISODateTime(utc: eventStart).text)) }
        if let closes { fields.append((closesField, ISODateTime(utc: closes).text)) }
        return fields
    }

    /// Removes the file (a missing one is fine).
    func discard() {
        try? FileManager.default.removeItem(at: url)
    }
}
