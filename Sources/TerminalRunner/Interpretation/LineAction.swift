import ResearchTasks

/// What a typed line means at a prompt.
enum LineAction: Sendable, Hashable {
    /// Give this input to the session; `note` tells the participant what was assumed (a default).
    case submit(SessionInput, note: String?)
    /// Refuse the line with this message and ask the same prompt again.
    case reprompt(String)
    /// Show help, then ask the same prompt again.
    case help
    /// Abandon the run.
    case quit
}
