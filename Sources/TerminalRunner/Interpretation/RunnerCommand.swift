import Foundation

/// The words the runner understands at every prompt.
enum RunnerCommand: String, CaseIterable, Sendable {
    case back, skip, help, quit

    /// The command a whole line names ("back", "BACK", ":back", "?"), or nil. A leading backslash means "not a command".
    init?(line: String) {
        var word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if word == "?" { word = "help" }
        if word.hasPrefix(":") { word.removeFirst() }
        self.init(rawValue: word)
    }
}
