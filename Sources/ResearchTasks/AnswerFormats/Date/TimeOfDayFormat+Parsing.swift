import Foundation

extension TimeOfDayFormat {
    /// 24-hour "H:mm"/"HH:mm", or 12-hour with am/pm: "7:30 am", "7pm", "12 am" (midnight) → `.timeOfDay`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        guard let time = Self.time(from: text) else {
            return .failure(
                AnswerInputError(
                    .notATime(typed: AnswerInputError.echo(text)), accepted: acceptedInput(context: context)))
        }
        return .success(.timeOfDay(time))
    }

    private static func time(from text: String) -> TimeOfDay? {
        var compact = text.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ".", with: "")
        let afternoon: Bool
        if compact.hasSuffix("am") {
            afternoon = false
        } else if compact.hasSuffix("pm") {
            afternoon = true
        } else {
            return TimeOfDay(clockText: compact)
        }
        compact.removeLast(2)
        let clock = compact.contains(":") ? compact : compact + ":00"
        guard let time = TimeOfDay(clockText: clock), (1...12).contains(time.hour) else { return nil }
        let hour = time.hour % 12 + (afternoon ? 12 : 0)
        return TimeOfDay(hour: hour, minute: time.minute)
    }
}
