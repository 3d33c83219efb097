import Foundation
import ParticipantWords
package import ResearchTasks

/// Runs one task session to its end in a terminal: shows each prompt, reads lines, interprets them, submits.
///
/// The interactive run and every replay go through here; only the line source differs.
package struct TerminalRun<Session: PromptingSession> {
    /// The session being driven.
    package private(set) var session: Session
    private var source: any LineSource
    private let presenter: Presenter
    private let clock: any WallClock
    private let parsingContext: AnswerParsingContext
    private let rangeOfMotion: RangeOfMotionInterpreter?
    private var recording: Transcript?
    /// Whether `source.begin()` has run (a confirmation before the run begins the source).
    private var begun = false
    var formats: AnswerFormatBehavior = .standard
    /// Whether `quit`, once something was typed, asks to keep the answers so far (`RunError.quitKeepingAnswers`);
    /// needs a recording, which holds them (docs/finish-later.md).
    package var offersFinishLater = false
    /// Where the lines recorded so far are written before each question is shown and read, so that a run the system
    /// stops keeps them (docs/finish-later.md, "When the program is stopped"); needs a recording. Dropped, with
    /// a word to the participant, when writing to it fails.
    package var journal: (any TranscriptJournal)?
    /// How many of the recorded lines the journal holds.
    private var journaled = 0

    /// The lines recorded so far (a resumed run's saved lines first), without the `quit` that ended a run; nil when
    /// not recording.
    package var transcript: Transcript? { recording }

    /// Whether the command keeps the lines of an interrupted run (`keepsLinesWhenInterrupted`) rather than only those
    /// `quit` keeps: `regimen run` does, a replay does not (its lines are already in its file). The help says which.
    package var interruptionsKeepAnswers = false

    /// Whether an interrupted run (Ctrl-C, Ctrl-D at an empty prompt, the terminal closing) keeps its lines to finish
    /// later: when it offers that at all, its command keeps interrupted runs, and something other than calls for help
    /// was typed (docs/finish-later.md, "Interrupted runs").
    package var keepsLinesWhenInterrupted: Bool {
        offersFinishLater && interruptionsKeepAnswers && (recording?.holdsMoreThanHelp ?? false)
    }

    /// Creates a run.
    /// - Parameters:
    ///   - session: the task session (`TaskSession`), positioned at its first prompt.
    ///   - source: where lines come from; a replay source's clock replaces `clock`.
    ///   - presenter: where prompts and messages are shown.
    ///   - clock: the time of each typed line and of the end.
    ///   - parsingContext: calendar for answers; its `now` is replaced by the clock at each line.
    ///   - rangeOfMotion: reads lines at range-of-motion prompts (nil: such prompts can only be skipped or quit).
    ///   - recording: when given, every line typed is recorded under this header and returned in the outcome.
    package init(
        session: Session, source: any LineSource, presenter: Presenter, clock: any WallClock,
        parsingContext: AnswerParsingContext, rangeOfMotion: RangeOfMotionInterpreter? = nil,
        recording: TranscriptHeader? = nil
    ) {
        self.session = session
        self.source = source
        self.presenter = presenter
        self.clock = clock
        self.parsingContext = parsingContext
        self.rangeOfMotion = rangeOfMotion
        self.recording = recording.map { Transcript(header: $0) }
    }

    /// Continues `restored` (the session `kept`'s lines brought to where the participant quit, see
    /// `SessionRestoration`) instead of the session given at creation, recording after those lines under `kept`'s
    /// header. Call before `run()`.
    package mutating func resume(_ restored: Session, from kept: Transcript) {
        session = restored
        recording = kept
    }

    /// Runs until the task finishes; returns its result (and transcript), or throws why nothing was produced.
    package mutating func run() throws(RunError) -> TerminalRunOutcome {
        try beginSource()
        do {
            try loop()
        } catch {
            try? source.end(completed: false)
            throw error
        }
        try source.end(completed: true)
        let result = session.result(endDate: currentClock.now())
        return TerminalRunOutcome(result: result, transcript: recording)
    }

    /// Asks a yes/no question after `run()` returned, through the same line source begun again (readline at a
    /// terminal): how the runner offers to try saving again once the participant has freed space on a full disk.
    /// Ctrl-C, Ctrl-D and `quit` throw as in the run; input ending throws `confirmationUnanswered`.
    package mutating func askAfterRun(_ statement: String, question: String, yesByDefault: Bool = false)
        throws(RunError) -> Bool
    {
        try source.begin()
        do {
            let answer = try askConfirmation(statement, question: question, yesByDefault: yesByDefault)
            try source.end(completed: true)
            return answer
        } catch {
            try? source.end(completed: false)
            throw error
        }
    }

    /// Asks a yes/no question before the first prompt, through the same line source as the questions (readline at a
    /// terminal, piped lines otherwise): `statement` is shown, then `question` with "[y/N]". Yes is y or yes; no is
    /// n, no or an empty line. Ctrl-C, Ctrl-D and `quit` throw as in the run; input ending here throws
    /// `confirmationUnanswered`. After a no or a throw the source is ended: do not call `run()`.
    package mutating func confirm(_ statement: String, question: String) throws(RunError) -> Bool {
        let agreed = try ask(statement, question: question)
        if !agreed { try source.end(completed: false) }
        return agreed
    }

    /// Asks a yes/no question before the first prompt as `confirm` does, but the run goes on after either answer;
    /// with `yesByDefault` the choices read "[Y/n]" and an empty line is yes. After a throw the source is ended.
    package mutating func ask(_ statement: String, question: String, yesByDefault: Bool = false) throws(RunError)
        -> Bool
    {
        try beginSource()
        do {
            return try askConfirmation(statement, question: question, yesByDefault: yesByDefault)
        } catch {
            try? source.end(completed: false)
            throw error
        }
    }

    private mutating func askConfirmation(_ statement: String?, question: String, yesByDefault: Bool = false)
        throws(RunError) -> Bool
    {
        if let statement { presenter.output.write(statement + "\n") }
        let choices = yesByDefault ? "[Y/n]" : "[y/N]"
        let request = LineRequest(
            prompt: nil, promptText: "\(question) \(choices) ", completion: .words(yesNoCompletion))
        while true {
            let line: String
            switch try source.readLine(request) {
            case .line(let text): line = text
            case .interrupted: throw .interrupted
            case .endOfInput: throw .confirmationUnanswered(question: question)
            }
            if ControlCharacters.occur(in: line) {
                presenter.showProblem(presenter.words(.controlCharacters))  // the line itself is not repeated
                continue
            }
            let word = line.trimmingCharacters(in: .whitespaces)
            switch YesOrNo(word) {
            case .yes?: return true
            case .no?: return false
            case nil where word.isEmpty: return yesByDefault
            case nil: break
            }
            switch RunnerCommand(line: word) {
            case .quit?: throw .quit
            default:
                presenter.showProblem(
                    yesByDefault
                        ? presenter.words(.confirmRetryYesByDefault) : presenter.words(.confirmRetryNoByDefault))
            }
        }
    }

    /// Asks at `quit` whether to keep the answers so far; input ending here keeps nothing, like Ctrl-D.
    private mutating func keepsAnswersOnQuit() throws(RunError) -> Bool {
        do throws(RunError) {
            return try askConfirmation(nil, question: presenter.words(.keepAnswersQuestion))
        } catch .confirmationUnanswered {
            return false
        }
    }

    private mutating func beginSource() throws(RunError) {
        guard !begun else { return }
        try source.begin()
        begun = true
    }

    private var currentClock: any WallClock { source.suppliedClock ?? clock }

    private mutating func loop() throws(RunError) {
        var previous: Prompt?
        var shownAt = currentClock.now()
        var renderer = PromptRenderer(
            style: presenter.style, context: parsingContext, rangeOfMotionDescription: rangeOfMotion?.inputDescription,
            formats: formats, offersFinishLater: offersFinishLater,
            interruptionsKeepAnswers: offersFinishLater && interruptionsKeepAnswers, words: presenter.words)
        while let prompt = session.prompt {
            // Before the next question shows: what the participant sees answered is on disk.
            writeJournal()
            if prompt != previous {
                renderer.context.now = currentClock.now()
                presenter.show(prompt, after: previous, renderer: renderer)
                shownAt = currentClock.now()
                previous = prompt
            }
            if case .completion = prompt.item {
                do throws(SessionError) {
                    try session.submit(.noAnswer, at: currentClock.now())
                } catch {
                    throw .sessionRefused(error)
                }
                continue
            }
            let request = LineRequest(
                prompt: prompt, promptText: presenter.promptText(for: prompt), completion: completion(for: prompt))
            guard var line = try readAcceptedLine(request, at: prompt) else { continue }
            var now = currentClock.now()
            record(line, at: prompt, now: now)
            if let more = try continuationLines(after: line, at: prompt) {
                line = more.text
                now = more.date
            }
            var context = parsingContext
            context.now = now
            renderer.context = context
            let interpreter = LineInterpreter(
                context: context, rangeOfMotion: rangeOfMotion, formats: formats, words: presenter.words)
            switch interpreter.interpret(line, at: prompt, shownAt: shownAt) {
            case .quit:
                recording?.entries.removeLast()  // the quit itself is no answer
                if offersFinishLater, recording?.entries.isEmpty == false, try keepsAnswersOnQuit() {
                    throw .quitKeepingAnswers
                }
                throw .quit
            case .help:
                presenter.showHelp(prompt, renderer: renderer)
            case .reprompt(let message):
                presenter.showProblem(message)
            case .submit(let input, let note):
                do throws(SessionError) {
                    try session.submit(input, at: now)
                    if let note { presenter.showNote(note) }
                } catch {
                    presenter.showProblem(SessionErrorMessage.text(for: error, words: presenter.words))
                }
            }
        }
        let unshown = session.calculatedLinesAtEnd
        if !unshown.isEmpty { presenter.showCalculated(unshown, renderer: renderer) }
    }

    /// The next line at `request`'s prompt; nil (after telling the participant) when it held control characters,
    /// which are neither interpreted nor recorded.
    private mutating func readAcceptedLine(_ request: LineRequest, at prompt: Prompt) throws(RunError) -> String? {
        switch try source.readLine(request) {
        case .line(let text):
            guard !ControlCharacters.occur(in: text) else {
                presenter.showProblem(presenter.words(.controlCharacters))  // the line itself is not repeated
                return nil
            }
            return text
        case .interrupted:
            throw .interrupted
        case .endOfInput:
            throw .inputEnded(stepIdentifier: prompt.stepIdentifier, itemIdentifier: prompt.itemIdentifier)
        }
    }

    /// At a `multipleLines` text question whose first line is text (not empty, not a command): reads further lines
    /// until an empty one (or the end of input), each recorded, and returns the lines joined with newlines and the time
    /// of the last. Nil everywhere else.
    private mutating func continuationLines(after first: String, at prompt: Prompt) throws(RunError) -> (
        text: String, date: Date
    )? {
        guard case .question(let question) = prompt.item, case .text(let format) = question.answerFormat,
            format.multipleLines,
            !first.trimmingCharacters(in: .whitespaces).isEmpty, RunnerCommand(line: first) == nil
        else { return nil }
        var lines = [first]
        var date = currentClock.now()
        let request = LineRequest(prompt: prompt, promptText: presenter.continuationText, completion: .words([]))
        while true {
            writeJournal()
            let line: String
            switch try source.readLine(request) {
            case .line(let text): line = text
            case .interrupted: throw .interrupted
            case .endOfInput: return (lines.joined(separator: "\n"), date)  // every line typed is kept
            }
            guard !ControlCharacters.occur(in: line) else {
                presenter.showProblem(presenter.words(.controlCharacters))  // the line itself is not repeated
                continue
            }
            date = currentClock.now()
            record(line, at: prompt, now: date)
            if line.trimmingCharacters(in: .whitespaces).isEmpty { return (lines.joined(separator: "\n"), date) }
            lines.append(line)
        }
    }

    /// Hands the journal the lines recorded since its last write. Only before questions: the `quit` line, taken back
    /// before its own question is asked, never reaches it.
    private mutating func writeJournal() {
        guard let journal, let entries = recording?.entries, journaled < entries.count else { return }
        do throws(TranscriptError) {
            try journal.record(entries[journaled...])
            journaled = entries.count
        } catch {
            self.journal = nil
            presenter.showProblem(presenter.words(.journalFailed, "\(error)"))
        }
    }

    private mutating func record(_ line: String, at prompt: Prompt, now: Date) {
        guard let start = recording?.header.startDate else { return }
        recording?.entries.append(
            TranscriptEntry(
                stepIdentifier: prompt.stepIdentifier, itemIdentifier: prompt.itemIdentifier, text: line,
                // a pinned clock may sit a hair before the cut start
                secondsSinceStart: max(0, now.timeIntervalSince(start))))
    }

    /// What Tab completes at a yes/no question: yes and no in the participant's language and in English, then help
    /// and quit.
    private var yesNoCompletion: [String] {
        let words = presenter.words
        var shown = [words.list(.yesWords).first ?? "yes", words.list(.noWords).first ?? "no"]
        if words.language != Words.english.language { shown += ["yes", "no"] }
        return shown + RunnerCommand.help.shownWords(words) + RunnerCommand.quit.shownWords(words)
    }

    private func completion(for prompt: Prompt) -> CompletionSet {
        var words: [String] = []
        switch prompt.item {
        case .question(let question): words = question.answerFormat.completionWords(context: parsingContext)
        case .consent(let page) where page.stage == .agreement: words = yesNoCompletion.prefix(2).map(\.self)
        case .consent: break
        case .rangeOfMotion: return .fileNames
        case .instruction, .completion: break
        }
        var commands: [RunnerCommand] = [.help, .quit]
        if prompt.canGoBack { commands.insert(.back, at: 0) }
        if prompt.canSkip { commands.insert(.skip, at: commands.count - 2) }
        return .words(words + commands.flatMap { $0.shownWords(presenter.words) })
    }
}
