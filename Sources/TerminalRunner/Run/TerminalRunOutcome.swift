import ResearchTasks

/// What a finished run produced.
public struct TerminalRunOutcome: Sendable, Hashable {
    /// The finished task's result tree.
    public var result: TaskResult
    /// The transcript of every line typed, when recording was asked for (write it with `Transcript.write(to:)`).
    public var transcript: Transcript?

    /// Creates an outcome.
    public init(result: TaskResult, transcript: Transcript?) {
        self.result = result
        self.transcript = transcript
    }
}
