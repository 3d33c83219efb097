import CareStore
import Foundation

/// "Pain 4 · Sleep 8 h": values labelled by the last part of their kind, with units.
enum OutcomeSummary {
    static func text(_ values: [OutcomeValue], timeZone: TimeZone) -> String {
        values.map { value in
            let label = label(forKind: value.kind)
            let number = value.value.text(timeZone: timeZone)
            let units = value.units.map { " \($0)" } ?? ""
            return label.isEmpty ? "\(number)\(units)" : "\(label) \(number)\(units)"
        }.joined(separator: " · ")
    }

    /// "checkin.form.pain" → "Pain"; "range" → "Range".
    static func label(forKind kind: String?) -> String {
        guard let kind, let last = kind.split(separator: ".").last else { return "" }
        return last.prefix(1).uppercased() + last.dropFirst()
    }
}
