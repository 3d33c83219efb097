import CareModel
import Foundation

/// A measured event's progress toward its target values, as the care feed shows it: "5,231 of 8,000 steps",
/// "6.4 of 7 h" (docs/health-export.md, "Linked tasks"); "goal 8,000 steps" while there is no value.
enum TargetProgress {
    /// One "value of target units" per target, joined with ", ".
    static func text(values: [OutcomeValue], targets: [OutcomeValue]) -> String {
        targets.map { target in
            let reached = values.filter { $0.kind == target.kind }.compactMap(\.value.number).max()
            let units = OutcomeSummary.shownUnits(target.units)
            let goal = target.value.number.map(number) ?? "\(target.value)"
            guard let reached else { return "goal \(goal)\(units)" }
            return "\(number(reached)) of \(goal)\(units)"
        }.joined(separator: ", ")
    }

    /// `value` with at most one decimal and thousands separated by commas: 5231.4 → "5,231.4", 7 → "7".
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let negative = tenths < 0
        let magnitude = abs(tenths)
        let whole = Int((magnitude / 10).rounded(.down))
        let fraction = Int(magnitude) - whole * 10
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (negative ? "-" : "") + digits + grouped + (fraction == 0 ? "" : ".\(fraction)")
    }
}
