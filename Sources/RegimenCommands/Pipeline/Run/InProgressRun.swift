import Foundation
import RegimenFoundation
import SystemPackage
import TerminalRunner

/// The journal of a run being answered at a terminal (docs/finish-later.md, "When the program is stopped"): the lines
/// typed so far, each on disk before the next question is read, in a kept run's form (`UnfinishedRun`: the
/// transcript's header with the event's start and when it closes). Kept owner-only beside the task's results as
/// `in-progress-<task>-<event start, UTC>.jsonl` (`EventRunFileName`) and held by the running
/// process (`PrivateJournal`); a run that ends in any usual way removes it or turns it into a kept run, so one found
/// and not held belongs to a run the system stopped.
final class InProgressRun: TranscriptJournal {
    /// `in-progress-<task>-<event start>.jsonl`.
    static let name = EventRunFileName(prefix: "in-progress")
    /// The most a journal is read to recover it: far beyond any run typed by hand.
    static let readLimit = 16 * 1_048_576

    private let journal: PrivateJournal
    private let eventStart: Date?
    private let closes: Date?

    private init(journal: PrivateJournal, eventStart: Date?, closes: Date?) {
        self.journal = journal
        self.eventStart = eventStart
        self.closes = closes
    }

    /// Starts the journal of a run recorded under `header`, held by this process until it is removed or closed;
    /// `.cannotCreate(…, .fileExists)` when another run of the event holds one.
    static func start(
        _ header: TranscriptHeader, task: String, eventStart: Date?, closes: Date?, in folder: URL
    ) throws(FileError) -> InProgressRun {
        let url = name.url(in: folder, task: task, eventStart: eventStart)
        let journal = try PrivateJournal(
            creating: FilePath(url.path), bytes: headerBytes(header, eventStart: eventStart, closes: closes))
        return InProgressRun(journal: journal, eventStart: eventStart, closes: closes)
    }

    /// Starts the journal again under `header` (a resumed run's, whose kept lines the run then writes first), before
    /// anything was typed in this run.
    func restart(_ header: TranscriptHeader) throws(FileError) {
        try journal.rewrite(Self.headerBytes(header, eventStart: eventStart, closes: closes))
    }

    /// The journal's first line: the transcript's header with the event's start, when the run closes, and the id of
    /// the process writing it (for the message to a second run of the event).
    private static func headerBytes(_ header: TranscriptHeader, eventStart: Date?, closes: Date?) -> [UInt8] {
        let fields =
            UnfinishedRun.headerFields(eventStart: eventStart, closes: closes) + [(processField, String(getpid()))]
        return Array(Transcript(header: header).jsonLines(extraHeaderFields: fields).utf8)
    }

    private static let processField = "pid"

    /// The id of the process that wrote the journal at `url`, from its first line; nil when it cannot be read.
    static func writer(of url: URL) -> Int32? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 4_096), let end = start.firstIndex(of: UInt8(ascii: "\n")),
            let read = try? RecordedInput.decode(start[..<end], file: url.path, headerFields: [processField]),
            let text = read.fields[processField]
        else { return nil }
        return Int32(text)
    }

    /// Where the journal is.
    var path: String { journal.path.string }

    /// Appends `entries`, one line each, and waits until they are on disk.
    func record(_ entries: ArraySlice<TranscriptEntry>) throws(TranscriptError) {
        let text = entries.map { Transcript.jsonLine($0) + "\n" }.joined()
        do throws(FileError) {
            try journal.append(Array(text.utf8))
        } catch {
            throw .file(error)
        }
    }

    /// Removes the journal: the run's lines are in a result or a kept run, or the participant chose to keep nothing.
    func remove() {
        journal.remove()
    }

    /// Lets the journal go, leaving it for the next run of the task to recover.
    func close() {
        journal.close()
    }

    /// The lines of a journal whose run was stopped, read as a kept run: the whole lines only, since a power cut may
    /// leave the last one cut short.
    static func stoppedRun(_ bytes: [UInt8], url: URL) throws(RegimenError) -> UnfinishedRun {
        let whole = bytes.lastIndex(of: UInt8(ascii: "\n")).map { bytes[...$0] } ?? []
        return try UnfinishedRun.decode(Data(whole), url: url)
    }
}
