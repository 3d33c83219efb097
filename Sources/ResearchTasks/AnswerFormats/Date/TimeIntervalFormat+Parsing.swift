import Foundation
import RegimenFoundation

extension TimeIntervalFormat {
    /// "1h 30m", "90m", "90 min", "1:30" (h:mm), "2h", "1.5h"; a bare number means minutes. The duration must be
    /// whole minutes and a multiple of `step` minutes → `.timeInterval(seconds)`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInput(context: context)
        let typed = AnswerInputError.echo(text)
        guard let minutes = Self.minutes(from: text.lowercased()) else {
            return .failure(AnswerInputError(.notADuration(typed: typed), accepted: accepted))
        }
        // The rules a result file's answer obeys too (Checking/DateFormats+Checking.swift).
        if let problem = problem(with: minutes * 60) {
            return .failure(.rejecting(problem, typed: text, accepted: accepted))
        }
        return .success(.timeInterval(minutes.rounded() * 60))
    }

    /// Minutes in "h:mm" or a sequence of number-unit pairs (hours before minutes, each at most once).
    private static func minutes(from text: String) -> Double? {
        if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 2, let hours = DigitText.value(parts[0]),
                let minutes = DigitText.value(parts[1]), minutes < 60
            else { return nil }
            return Double(hours) * 60 + Double(minutes)
        }
        var rest = Substring(text)
        var total = 0.0
        var lastFactor = Double.infinity
        var pairs = 0
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { break }
            let numberText = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(numberText.count).drop { $0 == " " }
            let unitText = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unitText.count)
            guard let number = DecimalText(typed: String(numberText)) else { return nil }
            pairs += 1
            let factor: Double
            switch unitText {
            case "h", "hr", "hrs", "hour", "hours": factor = 60
            case "m", "min", "mins", "minute", "minutes": factor = 1
            case "" where pairs == 1 && rest.allSatisfy({ $0 == " " }): factor = 1
            default: return nil
            }
            guard factor < lastFactor else { return nil }
            lastFactor = factor
            total += number.doubleValue * factor
        }
        return pairs > 0 && total.isFinite ? total : nil
    }
}
