package import Foundation
package import ParticipantWords
package import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which standard streams are terminals and whether color is refused; decides sources, outputs and color.
package struct TerminalEnvironment: Sendable, Hashable {
    /// Standard input is a terminal.
    package var inputIsTerminal: Bool
    /// Standard output is a terminal.
    package var outputIsTerminal: Bool
    /// Standard error is a terminal.
    package var errorIsTerminal: Bool
    /// The environment refuses color (`refusesColor`).
    package var noColor: Bool

    /// Creates an environment from explicit flags (tests).
    package init(inputIsTerminal: Bool, outputIsTerminal: Bool, errorIsTerminal: Bool, noColor: Bool) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.noColor = noColor
    }

    /// The process's real streams and environment variables.
    package static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        TerminalEnvironment(
            inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
            noColor: refusesColor(environment))
    }

    /// Whether environment variables refuse color: `NO_COLOR` set to a non-empty value (an empty one does not count,
    /// no-color.org), or `TERM=dumb`, a terminal that shows escape sequences as text
    /// (docs/command-line-conventions.md).
    package static func refusesColor(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    }

    /// Where prompting text goes: standard output only when input and output are both terminals, else standard
    /// error, so standard output stays clean for what the CLI prints.
    package var promptStream: PromptStream {
        inputIsTerminal && outputIsTerminal ? .standardOutput : .standardError
    }

    /// Whether prompting text is colored: its stream is a terminal and the environment does not refuse color.
    package var colorEnabled: Bool {
        guard !noColor else { return false }
        return promptStream == .standardOutput ? outputIsTerminal : errorIsTerminal
    }

    /// The presenter for this environment; `quiet` suppresses all prompting text.
    package func makePresenter(quiet: Bool, words: Words = .english) -> Presenter {
        guard !quiet else { return Presenter(output: DiscardingOutput(), style: .plain, words: words) }
        return Presenter(output: promptStream.output, style: TextStyle(color: colorEnabled), words: words)
    }

    /// Readline when standard input is a terminal (history in `historyFile`), else plain lines from fd 0.
    package func makeLineSource(historyFile: FilePath?, quiet: Bool) -> any LineSource {
        if inputIsTerminal {
            return ReadlineLineSource(historyFile: historyFile, promptStream: promptStream)
        }
        return StandardInputLineSource(echo: quiet ? nil : promptStream.output)
    }
}

/// A standard stream prompting text can go to.
package enum PromptStream: Sendable, Hashable {
    /// File descriptor 1.
    case standardOutput
    /// File descriptor 2.
    case standardError

    /// The matching output.
    package var output: FileDescriptorOutput {
        self == .standardOutput ? .standardOutput : .standardError
    }
}
