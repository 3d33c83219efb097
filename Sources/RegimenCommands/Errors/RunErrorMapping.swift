import ParticipantWords
import TerminalRunner

extension RegimenError {
    /// The CLI's reading of a terminal run that produced no result. `RunError` words the problem (its one wording);
    /// the CLI adds the task's title and, where the runner cannot know it, that nothing was saved.
    /// A participant's own ending of the run (Ctrl-C, `quit`) and input that ended at a prompt or a confirmation are
    /// worded in their language (docs/languages.md, "Regimen's own words"); a transcript that no longer fits and
    /// failed reads and writes stay English.
    static func run(_ error: RunError, task: String, title: String, words: Words = .english) -> RegimenError {
        switch error {
        case .interrupted: .abandoned(reason: words(.runInterrupted, title))
        case .quit: .abandoned(reason: words(.runQuit, title))
        case .quitKeepingAnswers: .abandoned(reason: words(.runQuitKeepingAnswers, title))
        case .inputEnded(let step, let item?) where item != step:
            .badData(words(.runInputEndedAtItem, title, task, step, item))
        case .inputEnded(let step, _): .badData(words(.runInputEnded, title, task, step))
        case .confirmationUnanswered(let question): .badData(words(.runConfirmationUnanswered, question))
        case .transcriptMismatch(let mismatch): .badData(mismatch.description)
        case .io(let problem): .failure(problem.description)
        case .sessionRefused: .failure(error.description)
        }
    }
}
