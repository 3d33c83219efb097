import Foundation
import RegimenFoundation

/// One rendered child of a step: identifier, kind and answer, laid out in aligned columns.
struct ChildResultRow {
    /// Shown for a present but unanswered question.
    static let skipped = "—  (skipped)"

    let identifier: String
    let kind: String
    let value: String

    init(_ child: ChildResult, timeZone: TimeZone) {
        identifier = ResultTreeRenderer.name(child.identifier)
        switch child {
        case .question(let result):
            (kind, value) = Self.question(result, timeZone: timeZone)
        case .rangeOfMotion(let result):
            kind = "range of motion"
            value =
                "start \(Self.degrees(result.start))  finish \(Self.degrees(result.finish))  "
                + "min \(Self.degrees(result.minimum))  max \(Self.degrees(result.maximum))  "
                + "range \(Self.degrees(result.range))"
        case .file(let result):
            kind = "file"
            let name = result.fileName.map(DisplayText.safe) ?? "—"
            value = result.contentType.map { "\(name)  (\(DisplayText.safe($0)))" } ?? name
        case .consentSignature(let result):
            kind = "consent"
            value = result.consented ? "consented" : "declined"
        case .other(let result):
            kind = DisplayText.safe(result.className)
            value = "(kept verbatim)"
        }
    }

    /// Rows under `prefix`, with tree connectors and identifier/kind columns padded to the widest sibling.
    static func layout(_ rows: [ChildResultRow], prefix: String) -> [String] {
        let identifierWidth = rows.map { TerminalColumns.width(of: $0.identifier) }.max() ?? 0
        let kindWidth = rows.map { TerminalColumns.width(of: $0.kind) }.max() ?? 0
        return rows.enumerated().map { index, row in
            let connector = index == rows.count - 1 ? "└─ " : "├─ "
            return prefix + connector + TerminalColumns.padded(row.identifier, to: identifierWidth) + "  "
                + TerminalColumns.padded(row.kind, to: kindWidth) + "   " + row.value
        }
    }

    private static func question(_ result: QuestionResult, timeZone: TimeZone) -> (kind: String, value: String) {
        let kind: String
        let answer: String?
        switch result.value {
        case .scale(let number):
            kind = "scale"
            answer = number.map(numberText)
        case .choice(let choices):
            kind = "choice"
            answer = choices.map { $0.isEmpty ? "(none)" : $0.map(choiceText).joined(separator: ", ") }
        case .boolean(let flag):
            kind = "boolean"
            answer = flag.map { $0 ? "yes" : "no" }
        case .text(let text):
            kind = "text"
            answer = text.map(quoted)
        case .numeric(let number, let unit, let displayUnit):
            kind = "numeric"
            let shownUnit = (displayUnit ?? unit).map { " \(DisplayText.safe($0))" } ?? ""
            answer = number.map { numberText($0) + shownUnit }
        case .timeOfDay(let time):
            kind = "time"
            answer = time.map(ResultDateText.string(from:))
        case .timeInterval(let seconds):
            kind = "interval"
            answer = seconds.map(intervalText)
        case .date(let date, _, let zoneSeconds):
            kind = "date"
            let zone = zoneSeconds.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
            answer = date.map {
                let civil = CivilDateTime($0, timeZone: zone)
                return "\(civil.dateText) \(civil.timeText) \(civil.offsetText)"
            }
        }
        switch (answer, result.isDontKnow) {
        case (nil, false): return (kind, skipped)
        case (nil, true): return (kind, "don't know")
        case (let text?, false): return (kind, text)
        case (let text?, true): return (kind, "\(text)  (don't know)")
        }
    }

    /// A text answer as a JSON string literal (quotes, backslashes and control characters escaped), terminal-safe.
    private static func quoted(_ text: String) -> String {
        var literal = ""
        JSONWriter.appendQuoted(text, into: &literal)
        return DisplayText.safe(literal)
    }

    private static func numberText(_ number: NumberValue) -> String {
        switch number {
        case .integer(let value): String(value)
        case .decimal(let value): value.description
        }
    }

    private static func choiceText(_ choice: ChoiceValue) -> String {
        switch choice {
        case .string(let text): DisplayText.safe(text)
        case .integer(let value): String(value)
        case .double(let value): value.description
        case .boolean(let flag): flag ? "true" : "false"
        }
    }

    /// "5400 s (1h 30m)"; seconds under a minute or not finite are shown alone.
    private static func intervalText(_ seconds: Double) -> String {
        let plain =
            (seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : seconds.description)
            + " s"
        guard seconds.isFinite, abs(seconds) >= 60, abs(seconds) < 1e12 else { return plain }
        let whole = Int(abs(seconds))
        let parts = [(whole / 3600, "h"), (whole % 3600 / 60, "m"), (whole % 60, "s")]
            .filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return "\(plain) (\(seconds < 0 ? "-" : "")\(parts.joined(separator: " ")))"
    }

    /// Degrees rounded to 0.1, without a trailing ".0", e.g. "85.5°", "80°".
    private static func degrees(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)°" }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : rounded.description
        return "\(text)°"
    }
}
