/// What a question takes, as data: the format's kind with its bounds and labels as the format shows them ("10",
/// "72 kg" units apart, "2026-01-01"). `text` is the English wording; the terminal runner words it in the participant's
/// language (docs/languages.md, "Regimen's own words").
package enum AcceptedInput: Sendable, Hashable {
    /// A whole number on a scale, from `minimum` to `maximum` in steps of `step`.
    case scale(minimum: Int, maximum: Int, step: Int)
    /// A number: whole or not, in `unit`, within the bounds that are set, with at most `fractionDigits` digits after
    /// the decimal point (nil: any, or whole numbers).
    case number(whole: Bool, unit: String?, minimum: String?, maximum: String?, fractionDigits: Int?)
    /// A number (or a percentage) on a continuous scale, bounds as the scale shows them ("0.0", "0%").
    case continuousScale(percent: Bool, minimum: String, maximum: String)
    /// One or several of the choices numbered `numbers` ("1–4"), `count` of them; `other` is the number of the
    /// choice that takes the participant's own words.
    case choices(numbers: String, count: Int, several: Bool, other: Int?)
    /// Nothing: the question has no choices.
    case noChoices
    /// Yes or no.
    case yesOrNo
    /// Yes or no under the survey's own labels.
    case labelledYesOrNo(yes: String, no: String)
    /// A date (with a time when `withTime`), within the bounds that are set.
    case date(withTime: Bool, from: String?, to: String?)
    /// A time of day.
    case time
    /// A duration, in steps of `step` minutes.
    case duration(step: Int)
    /// Text of at most `maximumLength` characters (nil: any length), matching `pattern` when it is named.
    case text(maximumLength: Int?, pattern: String?)

    /// The English wording, e.g. "a whole number from 1 to 10".
    package var text: String {
        switch self {
        case .scale(let minimum, let maximum, let step):
            let range = "a whole number from \(minimum) to \(maximum)"
            return step > 1 ? "\(range) in steps of \(step)" : range
        case .number(let whole, let unit, let minimum, let maximum, let fractionDigits):
            var text = whole ? "a whole number" : "a number"
            if let unit { text += " of \(unit)" }
            switch (minimum, maximum) {
            case let (minimum?, maximum?): text += " from \(minimum) to \(maximum)"
            case let (minimum?, nil): text += " of at least \(minimum)"
            case let (nil, maximum?): text += " of at most \(maximum)"
            case (nil, nil): break
            }
            if let fractionDigits {
                text +=
                    fractionDigits == 0
                    ? " without decimals" : " with at most \(Plural.count(fractionDigits, "decimal place"))"
            }
            return text
        case .continuousScale(let percent, let minimum, let maximum):
            return "\(percent ? "a percentage" : "a number") from \(minimum) to \(maximum)"
        case .choices(let numbers, let count, let several, let other):
            var text =
                several
                ? "one or more of \(numbers), separated by commas"
                : "\(numbers) or \(count == 1 ? "the choice's" : "a choice's") name"
            if let other { text += ", or \(other): followed by your own words" }
            return text
        case .noChoices: return "nothing: this question has no choices"
        case .yesOrNo: return "yes or no"
        case .labelledYesOrNo(let yes, let no): return "\(yes) (yes) or \(no) (no)"
        case .date(let withTime, let from, let to):
            var text = withTime ? "a date and time as YYYY-MM-DD HH:MM" : "a date as YYYY-MM-DD"
            switch (from, to) {
            case let (from?, to?): text += " from \(from) to \(to)"
            case let (from?, nil): text += " from \(from) on"
            case let (nil, to?): text += " up to \(to)"
            case (nil, nil): break
            }
            return text
        case .time: return "a time as HH:MM"
        case .duration(let step):
            return step > 1 ? "a duration such as 1h 30m, in steps of \(step) minutes" : "a duration such as 1h 30m"
        case .text(let maximumLength, let pattern):
            var described = maximumLength.map { "text of at most \(Plural.count($0, "character"))" } ?? "any text"
            if let pattern {
                described = (maximumLength != nil ? described + " " : "text ") + "matching the pattern \(pattern)"
            }
            return described
        }
    }
}
