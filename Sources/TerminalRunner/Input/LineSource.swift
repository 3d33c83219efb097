package import ResearchTasks

/// Where typed lines come from: readline on a terminal, standard input, a script, or a recorded transcript.
package protocol LineSource {
    /// Prepares the source before the first prompt (history, signal handling).
    mutating func begin() throws(RunError)
    /// Reads the line answering `request.prompt` (or the runner's own question when the prompt is nil).
    mutating func readLine(_ request: LineRequest) throws(RunError) -> LineEvent
    /// Ends the run; `completed` says whether the task finished (sources may refuse, e.g. unused recorded lines).
    mutating func end(completed: Bool) throws(RunError)
    /// The clock a replay supplies (recorded times); nil means the run's own clock.
    var suppliedClock: (any WallClock)? { get }
}

extension LineSource {
    /// Nothing to prepare by default.
    package mutating func begin() throws(RunError) {}
    /// Nothing to finish by default.
    package mutating func end(completed: Bool) throws(RunError) {}
    /// Sources use the run's clock by default.
    package var suppliedClock: (any WallClock)? { nil }
}

/// What the runner asks a line source for.
package struct LineRequest: Sendable, Hashable {
    /// The prompt waiting for input; nil for a question the runner asks itself, outside the task's steps (a
    /// confirmation such as "Replace it? [y/N]").
    package var prompt: Prompt?
    /// The short text shown where the line is typed (e.g. "> ").
    package var promptText: String
    /// What Tab completes at this prompt.
    package var completion: CompletionSet

    /// Creates a request.
    package init(prompt: Prompt?, promptText: String, completion: CompletionSet) {
        self.prompt = prompt
        self.promptText = promptText
        self.completion = completion
    }
}

/// What a line source produced.
package enum LineEvent: Sendable, Hashable {
    /// A typed line, without its line terminator.
    case line(String)
    /// No more input (end of a pipe, file or transcript).
    case endOfInput
    /// The participant abandoned the run (Ctrl-C, or Ctrl-D on an empty line at a terminal).
    case interrupted
}

/// What Tab completes at a prompt.
package enum CompletionSet: Sendable, Hashable {
    /// These words (choice labels, yes/no, commands), matched case-insensitively.
    case words([String])
    /// File names (a range-of-motion prompt takes a device-motion file path).
    case fileNames
}
