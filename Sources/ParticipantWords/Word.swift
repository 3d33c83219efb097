/// Every message Regimen shows a participant in their language, named once: the key of its text in each language's
/// `Localizable.strings` (docs/languages.md, "Regimen's own words"). A text with arguments takes them as its comment
/// says, `%@` a string and `%lld` a number, in the same order in every language (`ParticipantWordsTests` checks that
/// each language has every key, with the same specifiers).
package enum Word: String, CaseIterable, Sendable {
    // Command words: comma-separated lists, the first the one shown. English words work in every language.

    /// Words for `back`.
    case backWords
    /// Words for `skip`.
    case skipWords
    /// Words for `help` (`?` is always help).
    case helpWords
    /// Words for `quit`.
    case quitWords
    /// Words that say yes, at a consent and a yes/no confirmation.
    case yesWords
    /// Words that say no, at a consent and a yes/no confirmation.
    case noWords

    // The step and the question.

    /// "step %lld of %lld", after a step's title.
    case stepProgress
    /// "Step %lld of %lld", a step's heading when it has no title.
    case stepProgressHeading
    /// "Question %lld of %lld" in a form.
    case questionPosition
    /// "%1$@: %2$@": the question's position, then its text.
    case questionPositionAndText
    /// "%1$@: %2$@": a calculated item's text, then its value.
    case calculatedItem
    /// "Press Enter to continue." under an instruction.
    case pressEnterToContinue
    /// "Statement to affirm:" above a consent's reason.
    case statementToAffirm
    /// "Type yes to agree, or quit to stop." under a consent.
    case consentHint
    /// "Measure the left knee."
    case measureLeftKnee
    /// "Measure the right knee."
    case measureRightKnee
    /// "Measure the left shoulder."
    case measureLeftShoulder
    /// "Measure the right shoulder."
    case measureRightShoulder
    /// What a range-of-motion prompt takes: a recording's path or a goniometer reading.
    case rangeOfMotionInput
    /// An empty line at a range-of-motion prompt.
    case rangeOfMotionEmpty
    /// "no file at %@: …" at a range-of-motion prompt (the path typed, resolved).
    case rangeOfMotionNoFile
    /// "Enter %@." (what a measurement wants).
    case enterDescription
    /// "Earlier answer: %@ (press Enter to keep it)."
    case earlierAnswer
    /// "Last time: %@ (press Enter to keep it)."
    case previousRunAnswer
    /// "Pre-filled: %@ (press Enter to keep it)."
    case prefilledAnswer
    /// "Default: %@ (press Enter to use it)."
    case defaultAnswer
    /// "Optional: press Enter to leave it unanswered."
    case optionalHint
    /// "e.g. %@" (a placeholder).
    case placeholderExample

    // The help at a question.

    /// "Help", the help's title.
    case helpTitle
    /// "Press Enter (an empty line) to continue."
    case helpPressEnter
    /// How to pick several choices.
    case helpChoicesSeveral
    /// How to pick a choice.
    case helpChoicesOne
    /// What an empty line does.
    case helpEmptyLine
    /// What a consent asks.
    case helpConsent
    /// "the measurement", when the run names no description.
    case helpTheMeasurement
    /// "Commands:".
    case helpCommands
    /// What `back` does.
    case backSummary
    /// What `skip` does.
    case skipSummary
    /// What `help` does.
    case helpSummary
    /// What `quit` does when it offers to keep the answers.
    case quitKeepingSummary
    /// What `quit` does when it keeps nothing.
    case quitSummary
    /// What Ctrl-C and Ctrl-D do when they keep the answers.
    case interruptionKeepsAnswers
    /// What Ctrl-C and Ctrl-D do when they keep nothing.
    case interruptionKeepsNothing
    /// Tab completion and the backslash escape.
    case helpCompletion

    // Answer problems and re-prompts.

    /// At an instruction: what to type.
    case repromptPressEnter
    /// A range-of-motion step in a run that cannot measure.
    case rangeOfMotionUnavailable
    /// `back` at the first step.
    case noEarlierStep
    /// `skip` at an instruction.
    case nothingToSkip
    /// `skip` at a consent.
    case consentCannotBeSkipped
    /// `skip` at a required question.
    case cannotBeSkipped
    /// "Keeping the earlier answer: %@."
    case keepingEarlierAnswer
    /// "Keeping the pre-filled answer: %@."
    case keepingPrefilledAnswer
    /// "Using the default: %@."
    case usingDefault
    /// "Left unanswered."
    case leftUnanswered
    /// "An answer is required here: enter %@."
    case answerRequired
    /// A no at a consent.
    case consentMustBeAffirmed
    /// Anything else at a consent.
    case consentTypeYes
    /// A line with control characters.
    case controlCharacters

    // The session's refusals.

    /// The task has already finished.
    case sessionFinished
    /// A required question got no answer.
    case sessionAnswerRequired
    /// A required question was skipped.
    case sessionCannotSkip
    /// A consent was not affirmed.
    case sessionConsentRequired
    /// "That doesn't fit here: expected %@."
    case sessionInputDoesNotFit

    // Confirmations.

    /// "Keep your answers so far to finish later?" at `quit`.
    case keepAnswersQuestion
    /// What to type at a yes/no question whose default is yes.
    case confirmRetryYesByDefault
    /// What to type at a yes/no question whose default is no.
    case confirmRetryNoByDefault
    /// The journal of answers cannot be written: "%@" is the reason.
    case journalFailed

    // The care feed and `today --due`.

    /// "Nothing is scheduled." on a day without events.
    case nothingScheduled
    /// "Adherence %@" (the ring and percentage, or no tasks / no events).
    case adherence
    /// "no tasks" in place of the ring.
    case noTasks
    /// "no events" in place of the ring.
    case noEvents
    /// "done at %@" (a time).
    case doneAt
    /// "due" (an all-day event).
    case due
    /// "due %@" (a time).
    case dueAt
    /// "%@, in progress" after the due text in `today --due`.
    case dueInProgress
    /// "in progress".
    case inProgress
    /// "missed".
    case missed
    /// "upcoming" (an all-day or measured event).
    case upcoming
    /// "upcoming %@" (a time).
    case upcomingAt
    /// "met": a measured event whose outcome meets its targets.
    case met
    /// "so far": a measured event still measuring.
    case soFar
    /// "no data yet": a measured event without data.
    case noDataYet
    /// "Nothing to show: you enrolled on %@." (a day), for a week before enrolment.
    case enrolledAfterWeek

    // `regimen run`'s own lines: confirmations before the first question, and what it says at the end.

    /// "You started %1$@ at %2$@ and kept your answers to finish later." (title, time).
    case resumeStatementToday
    /// "You started %1$@ on %2$@ at %3$@ and kept your answers to finish later." (title, day, time).
    case resumeStatementEarlier
    /// "Resume where you left off?"
    case resumeQuestion
    /// "%1$@ on %2$@ is already done (at %3$@)." (title, day, time).
    case replacementStatement
    /// "Replace it?"
    case replaceQuestion
    /// "Nothing changed." after declining to replace.
    case nothingChanged
    /// "Your answers so far are kept. `%@` picks up where you left off." (the command).
    case answersKept
    /// The same, with "until %2$@ %3$@" (the command, day, time).
    case answersKeptUntil
    /// "Saved %@" (the result file).
    case savedResult
    /// "Stored %1$@ on %2$@, %3$@." (values, title, day).
    case storedValues
    /// "Stored the outcome on %1$@, %2$@." (title, day).
    case storedOutcome

    /// "%@: cancelled (interrupted); nothing was saved" (the task's title), the error at Ctrl-C.
    case runInterrupted
    /// "%1$@: interrupted. %2$@" (title, what was kept), at Ctrl-C when the answers are kept.
    case runInterruptedKept
    /// "%@: quit; nothing was saved".
    case runQuit
    /// "%@: quit; the answers so far were kept to finish later".
    case runQuitKeepingAnswers

    // Insights at the terminal.

    /// "%1$@ to %2$@": a chart's first and last day.
    case chartDays
    /// "left": the axis of a bar chart's first series.
    case chartAxisLeft
    /// "right": the axis of its second series.
    case chartAxisRight
    /// A chart with no value in its days.
    case chartNothingRecorded
    /// The legend's entry for days without an outcome.
    case chartNoOutcome
    /// No survey declares numeric outcomes.
    case nothingToChart
    /// No survey declares numeric outcomes for task '%@'.
    case nothingToChartForTask
}
