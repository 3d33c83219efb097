/// Why a typed line is not an answer, as data: a rule of the format it breaks (`AnswerProblem`) about the typed text,
/// or a line that reads as no answer of the format's kind. The typed text (`typed`) is the participant's own line, cut
/// to one line (`AnswerInputError.echo`), shown back to them only. `text` is the English wording; the terminal runner
/// words it in the participant's language.
package enum InputProblem: Sendable, Hashable {
    /// An empty line where an answer is needed.
    case answerNeeded
    /// The typed answer breaks a rule of the format; also "is not a number", "is not one of the choices".
    case breaks(AnswerProblem, typed: String)
    /// A number followed by a unit the format does not take.
    case notANumberOf(unit: String, typed: String)
    /// Not a date (with a time when `withTime`), with what is wrong when it is written in a form that is read.
    case notADate(withTime: Bool, reason: DateProblem?, typed: String)
    /// Not a time of day.
    case notATime(typed: String)
    /// Not a duration.
    case notADuration(typed: String)
    /// Not one of the labels or words accepted ("is not yes or no").
    case notAccepted(typed: String)
    /// A choice, named by its label, that takes no text after ':'.
    case takesNoText(choice: String)
    /// A choice, named by its label and number, that needs the participant's own words.
    case needsOwnWords(choice: String, number: Int)

    /// The English clause, e.g. "11 is above the maximum 10"; `accepted` is the English description of what may be
    /// typed, which `notAccepted` repeats.
    package func text(accepted: String) -> String {
        switch self {
        case .answerNeeded: "an answer is needed"
        case .breaks(let problem, let typed): problem.text(subject: typed)
        case .notANumberOf(let unit, let typed): "\(typed) is not a number of \(unit)"
        case .notADate(let withTime, let reason, let typed):
            "\(typed) is not a date\(withTime ? " and time" : "")\(reason.map { ": \($0.text)" } ?? "")"
        case .notATime(let typed): "\(typed) is not a time"
        case .notADuration(let typed): "\(typed) is not a duration"
        case .notAccepted(let typed): "\(typed) is not \(accepted)"
        case .takesNoText(let choice): "\(choice) takes no text after ':'"
        case .needsOwnWords(let choice, let number): "\(choice) needs your own words, as in \(number): your words"
        }
    }
}

/// Why a date written in the locale's numeric order names no day or time.
package enum DateProblem: Sendable, Hashable {
    /// A month outside 1…12.
    case noSuchMonth(Int)
    /// A day past the month's last: the month, its year, its days, the day typed.
    case noSuchDay(month: Int, year: Int, days: Int, day: Int)
    /// A time the time zone skips on that day (a daylight-saving change); the time as "HH:MM".
    case timeSkipped(String)

    /// The English wording, e.g. "there is no month 13".
    package var text: String {
        switch self {
        case .noSuchMonth(let month): "there is no month \(month)"
        case .noSuchDay(let month, let year, let days, let day):
            "month \(month) of \(year) has \(days) days, not \(day)"
        case .timeSkipped(let time): "\(time) does not occur on that day in this time zone"
        }
    }
}
