@preconcurrency import CReadline
import ResearchTasks

/// Runs task sessions in a terminal. (Being built.)
public enum TerminalRunnerPlaceholder {
    /// The linked readline version, proving the system library links.
    public static var readlineVersion: Int { Int(rl_readline_version) }
}
