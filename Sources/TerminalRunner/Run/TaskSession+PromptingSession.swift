import ResearchTasks

/// The real session state machine drives terminal runs.
extension TaskSession: PromptingSession {}
