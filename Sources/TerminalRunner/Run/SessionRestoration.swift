import Foundation
package import ResearchTasks

/// Brings a fresh session to where a kept run stopped (docs/finish-later.md): the kept lines are replayed through the
/// runner, silently and at their recorded times, so the session holds the same answers, visit history (for `back`)
/// and form position as when the participant quit.
package enum SessionRestoration {
    /// The session after `kept`'s lines; `session` must be new, made with the kept header's start date and run
    /// identifier. Throws `.transcriptMismatch` when the lines no longer fit the task's prompts.
    package static func restore<Session: PromptingSession>(
        _ kept: Transcript, file: String, into session: Session, clock: any WallClock,
        parsingContext: AnswerParsingContext, rangeOfMotion: RangeOfMotionInterpreter?
    ) throws(RunError) -> Session {
        let source: TranscriptLineSource
        do throws(TranscriptError) {
            source = try TranscriptLineSource(
                input: .transcript(kept), file: file, taskIdentifier: kept.header.taskIdentifier, surveyDigest: nil)
        } catch {
            throw .io(RunIOProblem(target: file, reason: error.description))
        }
        var replay = TerminalRun(
            session: session, source: source, presenter: Presenter(output: DiscardingOutput(), style: .plain),
            clock: clock,
            parsingContext: parsingContext, rangeOfMotion: rangeOfMotion)
        do throws(RunError) {
            _ = try replay.run()  // the kept lines finished the task: nothing is left to ask
        } catch .inputEnded {
            // The usual case: the lines ran out at the prompt where the participant quit.
        }
        return replay.session
    }
}
