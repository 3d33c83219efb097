package import ResearchTasks

/// What a finished run produced.
package struct TerminalRunOutcome: Sendable, Hashable {
    /// The finished task's result tree.
    package var result: TaskResult
    /// The transcript of every line typed, when recording was asked for (write it with `Transcript.write(to:)`).
    package var transcript: Transcript?

    /// Creates an outcome.
    package init(result: TaskResult, transcript: Transcript?) {
        self.result = result
        self.transcript = transcript
    }
}
