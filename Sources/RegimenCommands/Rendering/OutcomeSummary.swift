import CareModel
import Foundation
import RegimenFoundation

/// "Pain 4 · Sleep 8 h": values labeled by the last part of their kind, with units.
enum OutcomeSummary {
    static func text(_ values: [OutcomeValue], timeZone: TimeZone) -> String {
        values.map { value in
            let label = label(forKind: value.kind)
            let number = displayText(value.value, timeZone: timeZone)
            let units = shownUnits(value.units)
            return label.isEmpty ? "\(number)\(units)" : "\(label) \(number)\(units)"
        }.joined(separator: " · ")
    }

    /// Numbers for people: whole numbers as is, others to one decimal (stored values keep full precision).
    static func displayText(_ value: OutcomeValue.Value, timeZone: TimeZone) -> String {
        guard case .double(let number) = value, number.rounded() != number else {
            return value.text(timeZone: timeZone)
        }
        return FixedDecimalText.text(number, decimals: 1)
    }

    /// Units as a participant reads them, after a space: UCUM's annotations lose their braces (`{score}` → " score",
    /// `{beats}/min` → " beats/min"). Stored values, tables, CSV and FHIR keep the units as written.
    static func shownUnits(_ units: String?) -> String {
        guard let units, !units.isEmpty else { return "" }
        return " " + units.filter { $0 != "{" && $0 != "}" }
    }

    /// "checkin.form.pain" → "Pain"; "range" → "Range".
    static func label(forKind kind: String?) -> String {
        guard let kind, let last = kind.split(separator: ".").last else { return "" }
        return last.prefix(1).uppercased() + last.dropFirst()
    }
}
