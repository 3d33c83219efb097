import CareModel
import Foundation
import RegimenFoundation
import SystemPackage
import TerminalRunner

/// Finishing a run later (docs/finish-later.md): keeping the answers at `quit`, finding them again, discarding what
/// can no longer be finished.
extension TaskRunPipeline {
    /// Keeps `transcript` (the lines typed so far, from `TerminalRun.transcript`) for `event` beside the results;
    /// returns what to tell the participant. When that folder cannot take the file, the lines go to the recovery
    /// folder instead and the error names both (nothing typed is lost).
    func keepUnfinished(_ transcript: Transcript?, for event: Event?) throws(RegimenError) -> String {
        guard let transcript else { throw .failure("the run recorded no lines to keep") }
        let start = event?.scheduleEvent.start
        let kept = UnfinishedRun(
            transcript: transcript, eventStart: start, closes: event.map(closing),
            url: UnfinishedRun.url(in: resultsDirectory, eventStart: start))
        do throws(RegimenError) {
            try PrivateFiles.ensureDirectory(resultsDirectory)
            try kept.write()
        } catch {
            var recovered = kept
            recovered.url = recoveryDirectory.appendingPathComponent(kept.url.lastPathComponent)
            let problem = ErrorReporter.message(for: error)
            do throws(RegimenError) {
                try PrivateFiles.ensureDirectory(recoveryDirectory)
                try recovered.write()
            } catch {
                throw .io(path: kept.url.path, problem: "\(problem); nor could they be kept in \(recoveryDirectory.path)")
            }
            throw .io(
                path: kept.url.path,
                problem: "\(problem); the answers so far were kept in \(recovered.url.path) instead (move it back to resume)")
        }
        let calendar = environment.calendar
        // The last second of the window: "until Wednesday 25 November 2026 23:59".
        let until = kept.closes.map { $0.addingTimeInterval(-1) }.map {
            " until \(DayText.long($0, calendar: calendar)) \(DayText.time($0, calendar: calendar))"
        } ?? ""
        return "Your answers so far are kept. `regimen run \(entry.taskIdentifier)` picks up where you left off\(until)."
    }

    /// The run kept for `event`, if any. One that cannot be read, or was typed against another version of the survey,
    /// is moved to the recovery folder (nothing typed is lost) and nil is returned with a note saying so.
    func unfinished(for event: Event?) -> (run: UnfinishedRun?, note: String?) {
        let url = UnfinishedRun.url(in: resultsDirectory, eventStart: event?.scheduleEvent.start)
        guard FileManager.default.fileExists(atPath: url.path) else { return (nil, nil) }
        let run: UnfinishedRun
        do throws(RegimenError) {
            run = try UnfinishedRun.read(url)
        } catch {
            return (nil, setAside(url, because: "cannot be read (\(ErrorReporter.message(for: error)))"))
        }
        guard run.transcript.header.taskIdentifier == entry.taskIdentifier,
            run.transcript.header.surveyDigest.lowercased() == entry.digest.lowercased()
        else {
            return (nil, setAside(url, because: "was typed against another version of the survey"))
        }
        return (run, nil)
    }

    /// Starts the journal of the run recorded under `header` for `event` (docs/finish-later.md, "When the program is
    /// stopped"); nil, with a warning to show, when it cannot be written: the run then goes on as before.
    func startJournal(_ header: TranscriptHeader, for event: Event?) -> (journal: InProgressRun?, warning: String?) {
        do throws(RegimenError) {
            let start = event?.scheduleEvent.start
            try PrivateFiles.ensureDirectory(resultsDirectory)
            let journal = try InProgressRun.start(header, eventStart: start, closes: event.map(closing), in: resultsDirectory)
            return (journal, nil)
        } catch {
            return (nil, "\(ErrorReporter.message(for: error)); your answers are saved when you finish, quit or are interrupted")
        }
    }

    /// Picks up the runs in the results folder that the system stopped mid-way (killed, out of memory, the power cut):
    /// a journal no running process holds (`InProgressRun`). Its lines become the kept run of its event, in place of an
    /// earlier one, as an interruption keeps them; nothing is kept when only help was asked for or its event can no
    /// longer be finished, and a journal that cannot be read is moved to the recovery folder. Returns a note for each.
    /// Throws `.runInProgress` when `current`'s run is being answered by another process.
    func recoverStoppedRuns(now: Date, current: Event?) throws(RegimenError) -> [String] {
        let currentJournal = InProgressRun.url(in: resultsDirectory, eventStart: current?.scheduleEvent.start)
        var notes: [String] = []
        for url in InProgressRun.files(in: resultsDirectory) {
            let claim: PrivateJournal.Claim
            do throws(FileError) {
                claim = try PrivateJournal.claim(FilePath(url.path), limit: InProgressRun.readLimit)
            } catch {
                notes.append(setAside(url, because: "cannot be read (\(error.reason))"))
                continue
            }
            switch claim {
            case .missing:
                continue
            case .held:
                if url == currentJournal { throw .runInProgress(title: entry.title, file: url.path) }
            case .left(let bytes, let claimed):
                let run: UnfinishedRun
                do throws(RegimenError) {
                    run = try InProgressRun.stoppedRun(bytes, url: url)
                } catch {
                    notes.append(setAside(url, because: "cannot be read (\(ErrorReporter.message(for: error)))"))
                    continue
                }
                if let closes = run.closes, closes <= now {
                    claimed.remove()
                    if run.transcript.holdsMoreThanHelp { notes.append(discardedNote(run)) }
                    continue
                }
                guard run.transcript.holdsMoreThanHelp else {
                    claimed.remove()
                    continue
                }
                let kept = UnfinishedRun(
                    transcript: run.transcript, eventStart: run.eventStart, closes: run.closes,
                    url: UnfinishedRun.url(in: resultsDirectory, eventStart: run.eventStart))
                do throws(RegimenError) {
                    try kept.write()
                } catch {
                    // Left in place: the lines are still in the journal, for the next run to try again.
                    notes.append("Your \(entry.title) that was stopped before it finished cannot be kept to resume (\(ErrorReporter.message(for: error))); it stays in \(url.path).")
                    continue
                }
                claimed.remove()
                notes.append("Your \(entry.title)\(dayText(run)) was stopped before it finished; the answers typed were kept.")
            }
        }
        return notes
    }

    /// Removes the kept runs whose event can no longer be finished at `now`, other than `current`'s; a note for each.
    func discardClosedUnfinished(now: Date, keeping current: Event?) -> [String] {
        let keep = UnfinishedRun.url(in: resultsDirectory, eventStart: current?.scheduleEvent.start).lastPathComponent
        var notes: [String] = []
        for url in UnfinishedRun.files(in: resultsDirectory) where url.lastPathComponent != keep {
            guard let run = try? UnfinishedRun.read(url), let closes = run.closes, closes <= now else { continue }
            run.discard()
            notes.append(discardedNote(run))
        }
        return notes
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
        let name = url.deletingPathExtension().lastPathComponent + "-" + UUID().uuidString.prefix(8).lowercased() + ".jsonl"
        let target = recoveryDirectory.appendingPathComponent(name)
        guard (try? PrivateFiles.ensureDirectory(recoveryDirectory)) != nil, rename(url.path, target.path) == 0 else {
            return "Your unfinished \(entry.title) \(reason); it stays in \(url.path), and a new run starts."
        }
        return "Your unfinished \(entry.title) \(reason); it was moved to \(target.path), and a new run starts."
    }
}
