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
    /// "Section %lld of %lld", after a consent section's title.
    case consentSectionPosition
    /// A wrong comprehension answer: the section is shown again.
    case consentSectionAgain
    /// Under a comprehension question.
    case consentQuestionHint
    /// A comprehension answer that is not one of the options: "%lld" is how many there are.
    case consentQuestionNumber
    /// Asks the signer's given name.
    case consentGivenName
    /// Asks the signer's family name.
    case consentFamilyName
    /// An empty line where the name is asked.
    case consentNameRequired
    /// "Signed by %1$@ on %2$@." above the agreement.
    case consentSignedAs
    /// Help at a consent section.
    case helpConsentSection
    /// Help where the name is asked.
    case helpConsentName
    /// After a decline: what was kept.
    case consentDeclined
    /// After signing: "%1$@" the document, "%2$@" its version, "%3$@" the signed copy's file.
    case consentSigned
    /// "%1$@" the task that cannot start, "%2$@" the consent task to run first.
    case consentNeeded
    /// "%1$@" the new version, "%2$@" the task to run.
    case consentNewVersion
    /// "%1$@" the day consent was withdrawn.
    case consentWithdrawnNoAnswers
    /// The care feed's line when consent is needed first.
    case consentOnlyTask
    /// After `consent withdraw`: "%1$@" the document, "%2$@" the day, "%3$@" what happens to the data.
    case consentWithdrawalDone
    /// Withdrawal keeping the data already given.
    case consentDataKept
    /// Withdrawal removing the data already given.
    case consentDataRemoved
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
    /// "logged %1$lld× today, last at %2$@": a logged task's line (docs/logged-tasks.md).
    case loggedToday
    /// "not logged": a logged task's line on a day without logs.
    case notLogged
    /// "%1$@ — regimen read %2$@": a featured article's line (title, article id; docs/articles.md).
    case featuredArticle
    /// "Links": the heading of an article's link footnotes in `regimen read`.
    case articleLinks
    /// "image": what an image without alt text shows in `regimen read`.
    case articleImage

    // `regimen log`.

    /// "Logged %1$@ at %2$@: %3$@." (title, time, values).
    case loggedEntry
    /// "Logged %1$@ at %2$@." (title, time), for a log without values.
    case loggedEntryNoValues

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
    /// "%1$@ (task '%2$@'): input ended before step \"%3$@\" was answered; nothing was saved": the task's title, identifier, the step's identifier.
    case runInputEnded
    /// the same naming the step's item (`%4$@`).
    case runInputEndedAtItem
    /// "input ended before \"%@\" was answered; nothing was saved": the question asked.
    case runConfirmationUnanswered

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

    // The answer formats' problems and what may be typed (ResearchTasks' `InputProblem`, `AnswerProblem`,
    // `AcceptedInput`), worded by the runner (`AnswerInputError+Words.swift`).

    /// "%@ is not an answer to this kind of question".
    case problemWrongKind
    /// "%@ is not a whole number".
    case problemNotWhole
    /// "%@ is not a number".
    case problemNotANumber
    /// "%@ is too small" (beyond any answer's magnitude).
    case problemTooSmall
    /// "%@ is too large".
    case problemTooLarge
    /// "%1$@ is below the minimum %2$@".
    case problemBelowMinimum
    /// "%1$@ is above the maximum %2$@".
    case problemAboveMaximum
    /// "%1$@ is not on the scale (steps of %2$lld from %3$lld)".
    case problemOffStep
    /// "%@ is not one of the choices".
    case problemNotAChoice
    /// "%@ is more than one choice".
    case problemMoreThanOneChoice
    /// "%@ names a choice more than once".
    case problemRepeatedChoice
    /// "%@ cannot be combined with other choices" (the choice's label).
    case problemNotCombinable
    /// "the text is empty".
    case problemEmptyText
    /// "the text has %1$lld characters, more than %2$lld".
    case problemTextTooLong
    /// "the text is not in the expected form".
    case problemTextNotMatching
    /// "%1$@ is before the earliest %2$@".
    case problemBeforeEarliest
    /// "%1$@ is after the latest %2$@".
    case problemAfterLatest
    /// "%@ is not a time from 00:00 to 23:59".
    case problemTimeOutOfRange
    /// "%@ is negative".
    case problemNegativeDuration
    /// "%@ is not a whole number of minutes".
    case problemNotWholeMinutes
    /// "%@ is too long" (a duration).
    case problemDurationTooLong
    /// "%1$@ is not a multiple of %2$lld minutes".
    case problemNotMultipleOfStep
    /// "%1$@: enter %2$@": a problem with a typed line, then what may be typed.
    case inputRejected
    /// "an answer is needed".
    case inputAnswerNeeded
    /// "%1$@ is not a number of %2$@" (the unit).
    case inputNotANumberOf
    /// "%@ is not a date".
    case inputNotADate
    /// "%@ is not a date and time".
    case inputNotADateAndTime
    /// "%1$@ is not a date: %2$@" (why).
    case inputNotADateBecause
    /// "%1$@ is not a date and time: %2$@" (why).
    case inputNotADateAndTimeBecause
    /// "there is no month %lld".
    case dateNoSuchMonth
    /// "month %1$lld of %2$lld has %3$lld days, not %4$lld" (month, year, days, day typed).
    case dateNoSuchDay
    /// "%@ does not occur on that day in this time zone".
    case dateTimeSkipped
    /// "%@ is not a time".
    case inputNotATime
    /// "%@ is not a duration".
    case inputNotADuration
    /// "%1$@ is not %2$@" (what may be typed).
    case inputNotAccepted
    /// "%@ takes no text after ':'" (the choice's label).
    case inputTakesNoText
    /// "%1$@ needs your own words, as in %2$lld: your words" (the choice's label and number).
    case inputNeedsOwnWords
    /// "a whole number from %1$lld to %2$lld".
    case acceptedScale
    /// "a whole number from %1$lld to %2$lld in steps of %3$lld".
    case acceptedScaleInSteps
    /// "a whole number".
    case acceptedWholeNumber
    /// "a number".
    case acceptedNumber
    /// "%1$@ of %2$@": a number, then its unit.
    case acceptedNumberOfUnit
    /// "%1$@ from %2$@ to %3$@": a number, then its bounds.
    case acceptedNumberFromTo
    /// "%1$@ of at least %2$@".
    case acceptedNumberAtLeast
    /// "%1$@ of at most %2$@".
    case acceptedNumberAtMost
    /// "%@ without decimals".
    case acceptedWithoutDecimals
    /// "a number from %1$@ to %2$@" (a continuous scale).
    case acceptedScaleNumber
    /// "a percentage from %1$@ to %2$@".
    case acceptedPercentage
    /// "%@ or the choice's name" (one choice, its number).
    case acceptedTheChoice
    /// "%@ or a choice's name" (the choices' numbers, "1–4").
    case acceptedAChoice
    /// "one or more of %@, separated by commas".
    case acceptedSeveralChoices
    /// "%1$@, or %2$lld: followed by your own words".
    case acceptedOtherChoice
    /// "nothing: this question has no choices".
    case acceptedNoChoices
    /// "yes or no".
    case acceptedYesOrNo
    /// "%1$@ (yes) or %2$@ (no)": the survey's labels.
    case acceptedLabelledYesOrNo
    /// "a date as YYYY-MM-DD".
    case acceptedDate
    /// "a date and time as YYYY-MM-DD HH:MM".
    case acceptedDateAndTime
    /// "%1$@ from %2$@ to %3$@": a date, then its bounds.
    case acceptedDateFromTo
    /// "%1$@ from %2$@ on".
    case acceptedDateFrom
    /// "%1$@ up to %2$@".
    case acceptedDateUpTo
    /// "a time as HH:MM".
    case acceptedTime
    /// "a duration such as 1h 30m".
    case acceptedDuration
    /// "a duration such as 1h 30m, in steps of %lld minutes".
    case acceptedDurationInSteps
    /// "any text".
    case acceptedAnyText
    /// "text matching the pattern %@".
    case acceptedTextMatching
    /// "%1$@ matching the pattern %2$@": text of a length, then the pattern.
    case acceptedLimitedTextMatching
    /// "At most %lld characters." under a text question whose survey says what the text must look like.
    case hintAtMostCharacters
    /// "You can type several lines; press Enter on an empty line to finish.".
    case hintSeveralLines

    // Care plans, the care team and the patient record (docs/care-plans.md).

    /// "%@ (ended %@)": a plan's title in the care feed, then the day it ended.
    case planEnded
    /// "Other tasks": the care feed's heading of tasks in no plan, when the day's tasks are grouped by plan.
    case otherTasks
    /// "No contacts.": `regimen contacts` with no care team.
    case noContacts
    /// "phone": a way of reaching a contact or a link.
    case reachPhone
    /// "message".
    case reachMessage
    /// "email".
    case reachEmail
    /// "address".
    case reachAddress
    /// "website".
    case reachWebsite
    /// "app".
    case reachApp
    /// "No patient record.": `regimen patient show` when the store has none.
    case noPatientRecord
    /// "Name".
    case patientName
    /// "Birthday".
    case patientBirthday
    /// "Sex".
    case patientSex
    /// "Allergies".
    case patientAllergies
    /// "female".
    case sexFemale
    /// "male".
    case sexMale
    /// "none": no allergies.
    case noneRecorded
    /// "No care plans.": `regimen plans` when the survey folder has none.
    case noCarePlans
}
