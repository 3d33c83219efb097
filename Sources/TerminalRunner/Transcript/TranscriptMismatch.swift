import ResearchTasks

/// Where a replayed transcript stops fitting the survey (names steps and items, never the recorded text).
package struct TranscriptMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The transcript file.
    package var file: String
    /// The transcript line where the mismatch shows.
    package var line: Int
    /// What does not match.
    package var problem: Problem
    /// Whether the survey's digest differs from the one recorded (the survey changed since recording).
    package var surveyChanged: Bool

    /// Creates a mismatch.
    package init(file: String, line: Int, problem: Problem, surveyChanged: Bool) {
        self.file = file
        self.line = line
        self.problem = problem
        self.surveyChanged = surveyChanged
    }

    /// What does not match.
    package enum Problem: Sendable, Hashable {
        /// The survey asks one prompt, the transcript answered another.
        case promptDiffers(expectedStep: String, expectedItem: String?, recordedStep: String, recordedItem: String?)
        /// The task finished but recorded lines remain.
        case linesAfterFinish(count: Int)
    }

    /// "replay.jsonl line 4: the survey now asks step "pain" item "level", but the transcript answered step "mood" ….".
    package var description: String {
        let cause = surveyChanged ? " (the survey changed since the transcript was recorded)" : ""
        switch problem {
        case .promptDiffers(let expectedStep, let expectedItem, let recordedStep, let recordedItem):
            return "\(file) line \(line): the first prompt that no longer matches: the survey asks "
                + "\(Self.name(expectedStep, expectedItem)), but the transcript answered \(Self.name(recordedStep, recordedItem))\(cause)"
        case .linesAfterFinish(let count):
            return
                "\(file) line \(line): the task finished, but \(Plural.count(count, "recorded line")) \(Plural.word(count, "remains", "remain"))\(cause)"
        }
    }

    private static func name(_ step: String, _ item: String?) -> String {
        if let item, item != step { "step \"\(step)\" item \"\(item)\"" } else { "step \"\(step)\"" }
    }
}
