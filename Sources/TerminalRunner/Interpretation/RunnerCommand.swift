import Foundation

/// The words the runner understands at every prompt, and what the help says each does.
enum RunnerCommand: String, CaseIterable, Sendable {
    case back, skip, help, quit

    /// The command a whole line names ("back", "BACK", ":back", "?"), or nil. A leading backslash means "not a
    /// command".
    init?(line: String) {
        var word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if word == "?" { word = "help" }
        if word.hasPrefix(":") { word.removeFirst() }
        self.init(rawValue: word)
    }

    /// What the help says the command does (`TerminalRunHelpTests` checks each claim against the runner). With
    /// `offersFinishLater`, `quit` asks whether to keep the answers so far once something was typed
    /// (docs/finish-later.md, "Quitting"); without, it keeps nothing.
    func summary(offersFinishLater: Bool) -> String {
        switch self {
        case .back: "go to the previous step"
        case .skip: "leave this question unanswered"
        case .help: "show this help"
        case .quit:
            offersFinishLater
                ? "stop now; once something is answered, asks whether to keep the answers to finish later"
                : "stop now without saving anything"
        }
    }

    /// What the help says of Ctrl-C and Ctrl-D: when the run keeps interrupted runs they keep the answers so far
    /// without asking (docs/finish-later.md, "Interrupted runs"); otherwise they keep nothing.
    static func interruptionSummary(keepsAnswers: Bool) -> String {
        keepsAnswers
            ? "Ctrl-C and Ctrl-D stop too, keeping the answers so far for the next run."
            : "Ctrl-C and Ctrl-D stop without saving anything."
    }
}
