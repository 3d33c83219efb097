import Foundation
import ParticipantWords

/// The words the runner understands at every prompt, and what the help says each does.
enum RunnerCommand: String, CaseIterable, Sendable {
    case back, skip, help, quit

    /// The command a whole line names ("back", "BACK", ":back", "?", "戻る", "返回"), or nil. The words of every
    /// shipped language work in every language, so a transcript recorded in one replays the same under another
    /// (docs/languages.md, "Command words"). A leading backslash means "not a command".
    init?(line: String) {
        var word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if word == "?" { word = "help" }
        if word.hasPrefix(":") { word.removeFirst() }
        guard let command = Self.byWord[word] else { return nil }
        self = command
    }

    /// The list of the command's words in `Localizable.strings`.
    var wordList: Word {
        switch self {
        case .back: .backWords
        case .skip: .skipWords
        case .help: .helpWords
        case .quit: .quitWords
        }
    }

    /// The words that name the command in `words`' language, then its English word: what help and completion show.
    func shownWords(_ words: Words) -> [String] {
        var shown = [words.list(wordList).first ?? rawValue]
        if !shown.contains(rawValue) { shown.append(rawValue) }
        return shown
    }

    /// Every word of every shipped language, read on the first line interpreted.
    private static let byWord: [String: RunnerCommand] = {
        var commands: [String: RunnerCommand] = [:]
        for command in allCases {
            commands[command.rawValue] = command
            for word in Words.english.everyLanguage(command.wordList) where commands[word] == nil {
                commands[word] = command
            }
        }
        return commands
    }()

    /// What the help says the command does (`TerminalRunHelpTests` checks each claim against the runner). With
    /// `offersFinishLater`, `quit` asks whether to keep the answers so far once something was typed
    /// (docs/finish-later.md, "Quitting"); without, it keeps nothing.
    func summary(offersFinishLater: Bool, words: Words) -> String {
        switch self {
        case .back: words(.backSummary)
        case .skip: words(.skipSummary)
        case .help: words(.helpSummary)
        case .quit: offersFinishLater ? words(.quitKeepingSummary) : words(.quitSummary)
        }
    }

    /// What the help says of Ctrl-C and Ctrl-D: when the run keeps interrupted runs they keep the answers so far
    /// without asking (docs/finish-later.md, "Interrupted runs"); otherwise they keep nothing.
    static func interruptionSummary(keepsAnswers: Bool, words: Words) -> String {
        keepsAnswers ? words(.interruptionKeepsAnswers) : words(.interruptionKeepsNothing)
    }
}
