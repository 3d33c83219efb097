import ParticipantWords
import ResearchTasks

/// The answer formats' problems and descriptions of what may be typed, worded in the participant's language: the one
/// place the runner turns ResearchTasks' `AnswerInputError`, `InputProblem`, `AnswerProblem` and `AcceptedInput`
/// into text (docs/languages.md, "Regimen's own words"). Its English is ResearchTasks' English, byte for byte
/// (`AnswerInputWordingTests`); numbers and bounds are shown as the format shows them.
struct AnswerInputWording: Sendable {
    /// The language's words, numbers written plainly as the format shows them ("1000", the year "2026").
    var words: Words

    /// Creates a wording in `words`' language.
    init(_ words: Words) {
        self.words = words.withPlainNumbers
    }

    /// Every line of `error`, one under the other: "11 is above the maximum 10: enter a whole number from 1 to 10".
    func text(_ error: AnswerInputError) -> String {
        error.lines.map { line in
            switch line {
            case .rejected(let problem, let accepted):
                let described = text(accepted)
                return words(.inputRejected, text(problem, accepted: described), described)
            case .given(let given): return given
            }
        }.joined(separator: "\n")
    }

    /// What may be typed: "a whole number from 1 to 10".
    func text(_ accepted: AcceptedInput) -> String {
        switch accepted {
        case .scale(let minimum, let maximum, let step):
            step > 1
                ? words(.acceptedScaleInSteps, minimum, maximum, step) : words(.acceptedScale, minimum, maximum)
        case .number(let whole, let unit, let minimum, let maximum, let fractionDigits):
            number(whole: whole, unit: unit, minimum: minimum, maximum: maximum, fractionDigits: fractionDigits)
        case .continuousScale(let percent, let minimum, let maximum):
            words(percent ? .acceptedPercentage : .acceptedScaleNumber, minimum, maximum)
        case .choices(let numbers, let count, let several, let other):
            choices(numbers: numbers, count: count, several: several, other: other)
        case .noChoices: words(.acceptedNoChoices)
        case .yesOrNo: words(.acceptedYesOrNo)
        case .labelledYesOrNo(let yes, let no): words(.acceptedLabelledYesOrNo, yes, no)
        case .date(let withTime, let from, let to):
            bounded(words(withTime ? .acceptedDateAndTime : .acceptedDate), from: from, to: to)
        case .time: words(.acceptedTime)
        case .duration(let step): step > 1 ? words(.acceptedDurationInSteps, step) : words(.acceptedDuration)
        case .text(let maximumLength, let pattern): text(maximumLength: maximumLength, pattern: pattern)
        }
    }

    /// The clause of a typed line's problem: "11 is above the maximum 10"; `accepted` is what may be typed, worded.
    func text(_ problem: InputProblem, accepted: String) -> String {
        switch problem {
        case .answerNeeded: words(.inputAnswerNeeded)
        case .breaks(let broken, let typed): text(broken, subject: typed)
        case .notANumberOf(let unit, let typed): words(.inputNotANumberOf, typed, unit)
        case .notADate(let withTime, let reason, let typed):
            if let reason {
                words(withTime ? .inputNotADateAndTimeBecause : .inputNotADateBecause, typed, text(reason))
            } else {
                words(withTime ? .inputNotADateAndTime : .inputNotADate, typed)
            }
        case .notATime(let typed): words(.inputNotATime, typed)
        case .notADuration(let typed): words(.inputNotADuration, typed)
        case .notAccepted(let typed): words(.inputNotAccepted, typed, accepted)
        case .takesNoText(let choice): words(.inputTakesNoText, choice)
        case .needsOwnWords(let choice, let number): words(.inputNeedsOwnWords, choice, number)
        }
    }

    /// The clause of a broken rule about `subject` (the typed text): "11 is above the maximum 10".
    func text(_ problem: AnswerProblem, subject: String) -> String {
        switch problem {
        case .wrongKind: words(.problemWrongKind, subject)
        case .notWhole: words(.problemNotWhole, subject)
        case .tooManyFractionDigits(let allowed):
            allowed == 0
                ? words(.problemNotWhole, subject)
                : words.counted(.problemTooManyFractionDigits, count: allowed, subject)
        case .notANumber: words(.problemNotANumber, subject)
        case .tooLarge(let negative): words(negative ? .problemTooSmall : .problemTooLarge, subject)
        case .belowMinimum(let bound): words(.problemBelowMinimum, subject, bound)
        case .aboveMaximum(let bound): words(.problemAboveMaximum, subject, bound)
        case .offStep(let step, let from): words(.problemOffStep, subject, step, from)
        case .notAChoice: words(.problemNotAChoice, subject)
        case .moreThanOneChoice: words(.problemMoreThanOneChoice, subject)
        case .repeatedChoice: words(.problemRepeatedChoice, subject)
        case .notCombinable(let choice): words(.problemNotCombinable, choice)
        case .emptyText: words(.problemEmptyText)
        case .textTooLong(let length, let maximum): words(.problemTextTooLong, length, maximum)
        case .textNotMatching: words(.problemTextNotMatching)
        case .beforeEarliest(let bound): words(.problemBeforeEarliest, subject, bound)
        case .afterLatest(let bound): words(.problemAfterLatest, subject, bound)
        case .timeOutOfRange: words(.problemTimeOutOfRange, subject)
        case .negativeDuration: words(.problemNegativeDuration, subject)
        case .notWholeMinutes: words(.problemNotWholeMinutes, subject)
        case .durationTooLong: words(.problemDurationTooLong, subject)
        case .notMultipleOfStep(let minutes): words(.problemNotMultipleOfStep, subject, minutes)
        }
    }

    /// Why a date written in the locale's order names no day: "there is no month 13".
    func text(_ problem: DateProblem) -> String {
        switch problem {
        case .noSuchMonth(let month): words(.dateNoSuchMonth, month)
        case .noSuchDay(let month, let year, let days, let day): words(.dateNoSuchDay, month, year, days, day)
        case .timeSkipped(let time): words(.dateTimeSkipped, time)
        }
    }

    private func number(whole: Bool, unit: String?, minimum: String?, maximum: String?, fractionDigits: Int?)
        -> String
    {
        var described = words(whole ? .acceptedWholeNumber : .acceptedNumber)
        if let unit { described = words(.acceptedNumberOfUnit, described, unit) }
        switch (minimum, maximum) {
        case let (minimum?, maximum?): described = words(.acceptedNumberFromTo, described, minimum, maximum)
        case let (minimum?, nil): described = words(.acceptedNumberAtLeast, described, minimum)
        case let (nil, maximum?): described = words(.acceptedNumberAtMost, described, maximum)
        case (nil, nil): break
        }
        guard let fractionDigits else { return described }
        return fractionDigits == 0
            ? words(.acceptedWithoutDecimals, described)
            : words.counted(.acceptedDecimalPlaces, count: fractionDigits, described)
    }

    private func choices(numbers: String, count: Int, several: Bool, other: Int?) -> String {
        let described =
            several
            ? words(.acceptedSeveralChoices, numbers)
            : words(count == 1 ? .acceptedTheChoice : .acceptedAChoice, numbers)
        return other.map { words(.acceptedOtherChoice, described, $0) } ?? described
    }

    private func bounded(_ described: String, from: String?, to: String?) -> String {
        switch (from, to) {
        case let (from?, to?): words(.acceptedDateFromTo, described, from, to)
        case let (from?, nil): words(.acceptedDateFrom, described, from)
        case let (nil, to?): words(.acceptedDateUpTo, described, to)
        case (nil, nil): described
        }
    }

    private func text(maximumLength: Int?, pattern: String?) -> String {
        let limited = maximumLength.map { words.counted(.acceptedLimitedText, count: $0) }
        guard let pattern else { return limited ?? words(.acceptedAnyText) }
        return limited.map { words(.acceptedLimitedTextMatching, $0, pattern) } ?? words(.acceptedTextMatching, pattern)
    }
}
