import Foundation
package import ResearchTasks

/// Replays recorded input through the same runner: a transcript (checked against each prompt, supplying the
/// clock), or plain text lines.
package struct TranscriptLineSource: LineSource {
    /// A note for the CLI to show when the survey's digest differs from the recorded one (nil when equal or
    /// unknown). Replay goes on while prompts still match; the first prompt that does not is an error.
    package let digestWarning: String?
    /// The clock replaying recorded times (nil for plain text, which has none).
    package let clock: ReplayClock?
    private let file: String
    private let surveyChanged: Bool
    private var entries: ArraySlice<TranscriptEntry>
    private var plainLines: ArraySlice<String>
    private let start: Date?

    /// Creates a source for `input` read from `file`; a transcript must be for `taskIdentifier`, and is compared with
    /// `surveyDigest` (the digest of the survey being run, when known).
    package init(input: RecordedInput, file: String, taskIdentifier: String, surveyDigest: String?)
        throws(TranscriptError)
    {
        self.file = file
        switch input {
        case .plainText(let lines):
            entries = []
            plainLines = lines[...]
            clock = nil
            start = nil
            surveyChanged = false
            digestWarning = nil
        case .transcript(let transcript):
            let header = transcript.header
            guard header.taskIdentifier == taskIdentifier else {
                throw .taskDiffers(file: file, expected: taskIdentifier, recorded: header.taskIdentifier)
            }
            entries = transcript.entries[...]
            plainLines = []
            clock = ReplayClock(start: header.startDate)
            start = header.startDate
            if let current = surveyDigest, current.lowercased() != header.surveyDigest.lowercased() {
                surveyChanged = true
                digestWarning =
                    "\(file): recorded against a different version of survey \"\(taskIdentifier)\" "
                    + "(digest \(header.surveyDigest.prefix(12)) recorded, \(current.prefix(12)) now); "
                    + "replaying while the prompts still match"
            } else {
                surveyChanged = false
                digestWarning = nil
            }
        }
    }

    /// The replay clock, so timestamps come from the transcript.
    package var suppliedClock: (any WallClock)? { clock }

    /// The next recorded line, after checking it was typed at this same prompt.
    package mutating func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        guard let start, let clock else {
            guard let line = plainLines.popFirst() else { return .endOfInput }
            return .line(line)
        }
        // A transcript records only the task's prompts: the runner's own questions find no line in it.
        guard let entry = entries.first, let prompt = request.prompt else { return .endOfInput }
        guard entry.stepIdentifier == prompt.stepIdentifier, entry.itemIdentifier == prompt.itemIdentifier else {
            throw .transcriptMismatch(
                TranscriptMismatch(
                    file: file, line: entry.lineNumber ?? entries.startIndex + 2,
                    problem: .promptDiffers(
                        expectedStep: prompt.stepIdentifier, expectedItem: prompt.itemIdentifier,
                        recordedStep: entry.stepIdentifier, recordedItem: entry.itemIdentifier),
                    surveyChanged: surveyChanged))
        }
        entries.removeFirst()
        clock.set(start.addingTimeInterval(entry.secondsSinceStart))
        return .line(entry.text)
    }

    /// A finished task must have used every recorded line.
    package mutating func end(completed: Bool) throws(RunError) {
        guard completed else { return }
        if let first = entries.first {
            throw .transcriptMismatch(
                TranscriptMismatch(
                    file: file, line: first.lineNumber ?? entries.startIndex + 2,
                    problem: .linesAfterFinish(count: entries.count),
                    surveyChanged: surveyChanged))
        }
        let unused = plainLines.reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        if !unused.isEmpty {
            throw .transcriptMismatch(
                TranscriptMismatch(
                    file: file, line: plainLines.startIndex + 1, problem: .linesAfterFinish(count: unused.count),
                    surveyChanged: false))
        }
    }
}
