import ArgumentParser
import Catalog

/// Command words that name no command — `regimen tody`, `regimen help tody`, `regimen result shw` — found before
/// either parser runs, so both ways in (the care feed's quick reader and ArgumentParser) treat them alike.
/// ArgumentParser alone reads `tody` as a stray argument of the default command `today`, and prints the general help
/// for `help tody` with exit 0 (docs/command-line-conventions.md).
enum CommandNameCheck {
    /// The usage error for `arguments` (without the program name), or nil when every command word names a command.
    /// Words are command words from the start up to the first option, below commands that have subcommands; after
    /// a leading `help`, every word is one. `root` is the program's command tree (`RegimenCommand`).
    static func problem(in arguments: [String], root: any ParsableCommand.Type) -> RegimenError? {
        var words = arguments[...]
        let isHelp = words.first == "help"
        if isHelp { words = words.dropFirst() }
        var command = root
        var path: [String] = []
        while let word = words.popFirst() {
            if word.hasPrefix("-") { return nil }
            let subcommands = command.configuration.subcommands
            // Below a command without subcommands, words are its arguments; only `help` has no use for them.
            guard !subcommands.isEmpty else {
                return isHelp ? .unknownCommand(path + [word], listedBy: Array(path.dropLast()), suggestion: nil) : nil
            }
            let names = subcommands.map { [name(of: $0)] + $0.configuration.aliases }
            guard let index = names.firstIndex(where: { $0.contains(word) }) else {
                let suggestion = KeySuggestion.closest(to: word, in: names.map(\.[0])).map { path + [$0] }
                return .unknownCommand(path + [word], listedBy: path, suggestion: suggestion)
            }
            command = subcommands[index]
            path.append(word)
        }
        return nil
    }

    private static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? command._commandName
    }
}
