import CareModel
import Foundation
import RegimenFoundation

/// "Pain 4 · Sleep 8 h": values labeled by the last part of their kind, with units.
enum OutcomeSummary {
    static func text(_ values: [OutcomeValue], timeZone: TimeZone) -> String {
        values.map { value in
            let label = label(forKind: value.kind)
            let number = displayText(value.value, timeZone: timeZone)
            let units = value.units.map { " \($0)" } ?? ""
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

    /// "checkin.form.pain" → "Pain"; "range" → "Range".
    static func label(forKind kind: String?) -> String {
        guard let kind, let last = kind.split(separator: ".").last else { return "" }
        return last.prefix(1).uppercased() + last.dropFirst()
    }
}
