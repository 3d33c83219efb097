import CareModel
import CareStore
import Catalog
import Foundation
import ParticipantWords
import RegimenFoundation
import SystemPackage
import TerminalRunner

/// Finishing a run later (docs/finish-later.md): keeping the answers at `quit`, finding them again, discarding what
/// can no longer be finished.
extension TaskRunPipeline {
    /// Keeps `transcript` (the lines typed so far, from `TerminalRun.transcript`) for `event` beside the results;
    /// returns what to tell the participant. When that folder cannot take the file, the lines go to the recovery
    /// folder instead and the error names both (nothing typed is lost).
    func keepUnfinished(_ transcript: Transcript?, for event: Event?, words: Words = .english) throws(RegimenError)
        -> String
    {
        guard let transcript else { throw .failure("the run recorded no lines to keep") }
        let kept = keptRun(transcript, eventStart: event?.scheduleEvent.start, closes: event.map(closing))
        do throws(RegimenError) {
            try PrivateFiles.ensureFolder(FilePath(resultsDirectory.path))
            try keep(kept)
        } catch {
            var recovered = kept
            recovered.url = recoveryDirectory.appendingPathComponent(kept.url.lastPathComponent)
            do throws(RegimenError) {
                try PrivateFiles.ensureFolder(FilePath(recoveryDirectory.path))
                try recovered.write()
            } catch {
                throw .unfinishedRunNotKept(error, recoveryFolder: FilePath(recoveryDirectory.path))
            }
            throw .unfinishedRunMoved(error, keptIn: FilePath(recovered.url.path))
        }
        let calendar = environment.calendar
        // The last second of the window: "until Wednesday 25 November 2026 23:59".
        let command = "regimen run \(entry.taskIdentifier)"
        guard let last = kept.closes.map({ $0.addingTimeInterval(-1) }) else { return words(.answersKept, command) }
        return words(
            .answersKeptUntil, command, DayText.long(last, calendar: calendar, words: words),
            DayText.time(last, calendar: calendar))
    }

    /// The run kept for `event`, if any. One that cannot be read, or was typed against another version of the survey,
    /// is moved to the recovery folder (nothing typed is lost) and nil is returned with a note saying so.
    /// A kept run under the name of before (`EventRunFileName.legacyURL`) is this task's only when its header says so.
    func unfinished(for event: Event?) -> (run: UnfinishedRun?, note: String?) {
        let start = event?.scheduleEvent.start
        var url = UnfinishedRun.url(in: resultsDirectory, task: entry.taskIdentifier, eventStart: start)
        var legacy = false
        if !FileManager.default.fileExists(atPath: url.path) {
            url = UnfinishedRun.name.legacyURL(in: resultsDirectory, eventStart: start)
            legacy = true
            guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
        }
        let run: UnfinishedRun
        do throws(RegimenError) {
            run = try UnfinishedRun.read(url)
        } catch {
            return (
                nil,
                setAside(
                    url,
                    because:
                        "cannot be read (\(ErrorReporter.message(for: error, app: workspace.app)))")
            )
        }
        // Another task's (under the name of before, in a results folder tasks share): not this run's business.
        if legacy, run.transcript.header.taskIdentifier != entry.taskIdentifier { return (nil, nil) }
        guard run.transcript.header.taskIdentifier == entry.taskIdentifier,
            run.transcript.header.surveyDigest.lowercased() == entry.digest.lowercased()
        else {
            return (nil, setAside(url, because: "was typed against another version of the survey"))
        }
        return (run, nil)
    }

    /// Starts the journal of the run recorded under `header` for `event` (docs/finish-later.md, "When the program is
    /// stopped"), before the first question, so that a second run of the event is refused from the start. Throws
    /// `.runInProgress` when another run of the event holds one; nil, with a warning to show, when it cannot be
    /// written: the run then goes on as before.
    func startJournal(_ header: TranscriptHeader, for event: Event?) throws(RegimenError) -> (
        journal: InProgressRun?, warning: String?
    ) {
        let start = event?.scheduleEvent.start
        do throws(FileError) {
            try PrivateFiles.makeFolder(FilePath(resultsDirectory.path))
            return (
                try InProgressRun.start(
                    header, task: entry.taskIdentifier, eventStart: start, closes: event.map(closing),
                    in: resultsDirectory),
                nil
            )
        } catch .cannotCreate(let path, .fileExists) {
            throw answeredElsewhere(journal: path.string)
        } catch {
            return (nil, journalWarning(path: error.path.string, reason: error.reason))
        }
    }

    /// Starts `journal` again under a resumed run's `header`; nil, with a warning to show, when that fails (the journal
    /// is then removed: the kept lines are still in their file).
    func restartJournal(_ journal: InProgressRun, as header: TranscriptHeader) -> (
        journal: InProgressRun?, warning: String?
    ) {
        do throws(FileError) {
            try journal.restart(header)
            return (journal, nil)
        } catch {
            journal.remove()
            return (nil, journalWarning(path: error.path.string, reason: error.reason))
        }
    }

    /// The refusal of a run whose event is being answered by the process that holds `journal`.
    func answeredElsewhere(journal: String) -> RegimenError {
        .runInProgress(
            title: entry.title, file: journal, process: InProgressRun.writer(of: URL(fileURLWithPath: journal)))
    }

    private func journalWarning(path: String, reason: String) -> String {
        "\(path): cannot save the answers as they are typed (\(reason)); they are saved when you finish, quit or are interrupted"
    }

    /// What `recoverStoppedRuns` found: a note for each journal it kept, discarded or set aside, and whether the
    /// current event's run is being answered by another process.
    struct StoppedRuns {
        var notes: [String] = []
        var currentHeldElsewhere: String?
    }

    /// Picks up the runs in the results folder that the system stopped mid-way (killed, out of memory, the power cut):
    /// a journal of this task that no running process holds (`InProgressRun`). Its lines become the kept run of its
    /// event, in place of an earlier one, as an interruption keeps them; nothing is kept when only help was asked for,
    /// when the run's result is already stored (stopped between storing it and removing the journal), or when its event
    /// can no longer be finished; a journal that cannot be read is moved to the recovery folder.
    func recoverStoppedRuns(now: Date, current: Event?) -> StoppedRuns {
        let currentJournal = InProgressRun.name.url(
            in: resultsDirectory, task: entry.taskIdentifier, eventStart: current?.scheduleEvent.start)
        var found = StoppedRuns()
        for url in InProgressRun.name.files(in: resultsDirectory) {
            let claim: PrivateJournal.Claim
            do throws(FileError) {
                claim = try PrivateJournal.claim(FilePath(url.path), limit: InProgressRun.readLimit)
            } catch {
                // Whether its run still lives is unknown: it is left where it is.
                found.notes.append("\(url.path) cannot be checked (\(error.reason)); it is left where it is.")
                continue
            }
            switch claim {
            case .missing:
                continue
            case .held:
                if url == currentJournal { found.currentHeldElsewhere = url.path }
            case .left(let bytes, let claimed):
                let run: UnfinishedRun
                do throws(RegimenError) {
                    run = try InProgressRun.stoppedRun(bytes, url: url)
                } catch {
                    found.notes.append(
                        setAside(
                            url,
                            because:
                                "cannot be read (\(ErrorReporter.message(for: error, app: workspace.app)))"
                        ))
                    continue
                }
                // another task's, in a shared folder
                guard run.transcript.header.taskIdentifier == entry.taskIdentifier else { continue }
                if let closes = run.closes, closes <= now {
                    claimed.remove()
                    if run.transcript.holdsMoreThanHelp { found.notes.append(discardedNote(run)) }
                    continue
                }
                let stored = (try? store.outcomes(taskRunUUID: run.transcript.header.taskRunUUID))?.isEmpty == false
                guard run.transcript.holdsMoreThanHelp, !stored else {
                    claimed.remove()
                    continue
                }
                do throws(RegimenError) {
                    try keep(keptRun(run.transcript, eventStart: run.eventStart, closes: run.closes))
                } catch {
                    // Left in place: the lines are still in the journal, for the next run to try again.
                    found.notes.append(
                        "Your \(entry.title) that was stopped before it finished cannot be kept to resume "
                            + "(\(ErrorReporter.message(for: error, app: workspace.app))); it stays in \(url.path)."
                    )
                    continue
                }
                claimed.remove()
                found.notes.append(
                    "Your \(entry.title)\(dayText(run)) was stopped before it finished; the answers typed were kept.")
            }
        }
        return found
    }

    /// Removes this task's kept runs whose event can no longer be finished at `now`, other than `current`'s; a note for
    /// each. Other tasks' kept runs (a results folder tasks share) are left to their own runs.
    func discardClosedUnfinished(now: Date, keeping current: Event?) -> [String] {
        let start = current?.scheduleEvent.start
        let keep = [
            UnfinishedRun.url(in: resultsDirectory, task: entry.taskIdentifier, eventStart: start),
            UnfinishedRun.name.legacyURL(in: resultsDirectory, eventStart: start),
        ].map(\.lastPathComponent)
        var notes: [String] = []
        for url in UnfinishedRun.files(in: resultsDirectory) where !keep.contains(url.lastPathComponent) {
            guard let run = try? UnfinishedRun.read(url), run.transcript.header.taskIdentifier == entry.taskIdentifier,
                let closes = run.closes, closes <= now
            else { continue }
            run.discard()
            notes.append(discardedNote(run))
        }
        return notes
    }

    /// `transcript` as this task's kept run of the event starting at `eventStart`, at its place in the results folder.
    private func keptRun(_ transcript: Transcript, eventStart: Date?, closes: Date?) -> UnfinishedRun {
        UnfinishedRun(
            transcript: transcript, eventStart: eventStart, closes: closes,
            url: UnfinishedRun.url(in: resultsDirectory, task: entry.taskIdentifier, eventStart: eventStart))
    }

    /// Writes `kept` in place of the event's earlier kept run, also one of this task under the name of before (no task
    /// in it), which is then removed.
    private func keep(_ kept: UnfinishedRun) throws(RegimenError) {
        try kept.write()
        let legacy = UnfinishedRun.name.legacyURL(in: resultsDirectory, eventStart: kept.eventStart)
        guard let run = try? UnfinishedRun.read(legacy), run.transcript.header.taskIdentifier == entry.taskIdentifier
        else { return }
        run.discard()
    }

    /// Whether a run for `event` could still be finished after `now` (else `quit` does not offer to keep it).
    func canFinishLater(_ event: Event?, now: Date) -> Bool {
        event.map { closing(of: $0) > now } ?? true
    }

    /// When a run for `event` can no longer be finished: the end of the event's day in the participant's calendar (the
    /// care feed's "missed"), or the event's end when that is later.
    func closing(of event: Event) -> Date {
        let calendar = environment.calendar
        let dayStart = calendar.startOfDay(for: event.scheduleEvent.start)
        let nextDay = calendar.date(byAdding: .day, value: 1, to: dayStart) ?? event.scheduleEvent.end
        return max(nextDay, event.scheduleEvent.end)
    }

    /// " of Monday 23 November 2026" for a run of a scheduled event, else nothing.
    private func dayText(_ run: UnfinishedRun) -> String {
        run.eventStart.map { " of \(DayText.long($0, calendar: environment.calendar))" } ?? ""
    }

    /// "Your unfinished Check In of … was discarded: its time to finish ended."
    private func discardedNote(_ run: UnfinishedRun) -> String {
        "Your unfinished \(entry.title)\(dayText(run)) was discarded: its time to finish ended."
    }

    /// Moves a kept run that cannot be resumed to the recovery folder, under a name no other file has.
    private func setAside(_ url: URL, because reason: String) -> String {
        let name =
            url.deletingPathExtension().lastPathComponent + "-" + UUID().uuidString.prefix(8).lowercased() + ".jsonl"
        let target = recoveryDirectory.appendingPathComponent(name)
        guard (try? PrivateFiles.makeFolder(FilePath(recoveryDirectory.path))) != nil,
            rename(url.path, target.path) == 0
        else {
            return "Your unfinished \(entry.title) \(reason); it stays in \(url.path), and a new run starts."
        }
        return "Your unfinished \(entry.title) \(reason); it was moved to \(target.path), and a new run starts."
    }
}
