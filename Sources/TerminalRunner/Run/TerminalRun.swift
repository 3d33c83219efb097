import Foundation
import ResearchTasks

/// Runs one task session to its end in a terminal: shows each prompt, reads lines, interprets them, submits.
///
/// The interactive run and every replay go through here; only the line source differs.
public struct TerminalRun<Session: PromptingSession> {
    /// The session being driven.
    public private(set) var session: Session
    private var source: any LineSource
    private let presenter: Presenter
    private let clock: any WallClock
    private let parsingContext: AnswerParsingContext
    private let rangeOfMotion: RangeOfMotionInterpreter?
    private var recording: Transcript?
    var formats: AnswerFormatBehaviour = .standard

    /// Creates a run.
    /// - Parameters:
    ///   - session: the task session (`TaskSession`), positioned at its first prompt.
    ///   - source: where lines come from; a replay source's clock replaces `clock`.
    ///   - presenter: where prompts and messages are shown.
    ///   - clock: the time of each typed line and of the end.
    ///   - parsingContext: calendar for answers; its `now` is replaced by the clock at each line.
    ///   - rangeOfMotion: reads lines at range-of-motion prompts (nil: such prompts can only be skipped or quit).
    ///   - recording: when given, every line typed is recorded under this header and returned in the outcome.
    public init(
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

    /// Runs until the task finishes; returns its result (and transcript), or throws why nothing was produced.
    public mutating func run() throws(RunError) -> TerminalRunOutcome {
        try source.begin()
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

    private var currentClock: any WallClock { source.suppliedClock ?? clock }

    private mutating func loop() throws(RunError) {
        var previous: Prompt?
        var shownAt = currentClock.now()
        var renderer = PromptRenderer(
            style: presenter.style, context: parsingContext, rangeOfMotionDescription: rangeOfMotion?.inputDescription,
            formats: formats)
        while let prompt = session.prompt {
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
            let line: String
            switch try source.readLine(request) {
            case .line(let text): line = text
            case .interrupted: throw .interrupted
            case .endOfInput: throw .inputEnded(stepIdentifier: prompt.stepIdentifier, itemIdentifier: prompt.itemIdentifier)
            }
            let now = currentClock.now()
            record(line, at: prompt, now: now)
            var context = parsingContext
            context.now = now
            renderer.context = context
            let interpreter = LineInterpreter(context: context, rangeOfMotion: rangeOfMotion, formats: formats)
            switch interpreter.interpret(line, at: prompt, shownAt: shownAt) {
            case .quit:
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
                    presenter.showProblem(SessionErrorMessage.text(for: error))
                }
            }
        }
    }

    private mutating func record(_ line: String, at prompt: Prompt, now: Date) {
        guard let start = recording?.header.startDate else { return }
        recording?.entries.append(
            TranscriptEntry(
                stepIdentifier: prompt.stepIdentifier, itemIdentifier: prompt.itemIdentifier, text: line,
                secondsSinceStart: max(0, now.timeIntervalSince(start))))  // a pinned clock may sit a hair before the cut start
    }

    private func completion(for prompt: Prompt) -> CompletionSet {
        var words: [String] = []
        switch prompt.item {
        case .question(let question): words = question.answerFormat.completionWords(context: parsingContext)
        case .consent: words = ["yes", "no"]
        case .rangeOfMotion: return .fileNames
        case .instruction, .completion: break
        }
        var commands: [RunnerCommand] = [.help, .quit]
        if prompt.canGoBack { commands.insert(.back, at: 0) }
        if prompt.canSkip { commands.insert(.skip, at: commands.count - 2) }
        return .words(words + commands.map(\.rawValue))
    }
}
