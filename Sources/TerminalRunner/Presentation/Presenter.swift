package import ParticipantWords
package import ResearchTasks

/// Shows prompts, messages and help on one output (a terminal stream, standard error, or nowhere with `--quiet`).
package struct Presenter: Sendable {
    /// Where the text goes.
    package var output: any TextOutput
    /// Color or plain.
    package var style: TextStyle
    /// The participant's language: Regimen's own words in it (docs/languages.md, "Regimen's own words").
    package var words: Words

    /// Creates a presenter.
    package init(output: any TextOutput, style: TextStyle, words: Words = .english) {
        self.output = output
        self.style = style
        self.words = words
    }

    /// The short text before the typing position.
    package func promptText(for prompt: Prompt) -> String { "> " }

    /// The short text before each further line of a multi-line answer.
    package var continuationText: String { "| " }

    /// Shows `prompt`; the step header only when the step differs from `previous`'s.
    func show(_ prompt: Prompt, after previous: Prompt?, renderer: PromptRenderer) {
        output.write(renderer.render(prompt, after: previous))
    }

    /// Shows calculated items the run passed after its last prompt (a total at the end of the last form).
    func showCalculated(_ lines: [CalculatedLine], renderer: PromptRenderer) {
        output.write(renderer.calculatedLines(lines).map { $0 + "\n" }.joined())
    }

    /// Shows help for `prompt`.
    func showHelp(_ prompt: Prompt, renderer: PromptRenderer) {
        output.write(renderer.help(prompt))
    }

    /// Shows why a line was not accepted.
    package func showProblem(_ message: String) {
        output.write(style.error(message) + "\n")
    }

    /// Shows a note about what was done (e.g. "Using the default: 5").
    package func showNote(_ message: String) {
        output.write(style.note(message) + "\n")
    }
}
