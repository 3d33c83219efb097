import ResearchTasks

/// A line source that plays a fixed list of lines (tests, plain-text answer files).
package struct ScriptedLineSource: LineSource {
    /// How the script ends once its lines are used up.
    package enum Ending: Sendable, Hashable {
        /// End of input, as at the end of a pipe.
        case endOfInput
        /// An interrupt, as with Ctrl-C.
        case interrupt
    }

    /// Lines not yet read.
    package private(set) var remaining: ArraySlice<String>
    /// Every request made so far, in order (lets tests see prompts and completions).
    package private(set) var requests: [LineRequest] = []
    private let ending: Ending

    /// Creates a source that plays `lines`, then ends with `ending`.
    package init(lines: [String], ending: Ending = .endOfInput) {
        self.remaining = lines[...]
        self.ending = ending
    }

    /// The next scripted line, or the ending.
    package mutating func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        requests.append(request)
        guard let line = remaining.popFirst() else {
            return ending == .endOfInput ? .endOfInput : .interrupted
        }
        return .line(line)
    }
}
