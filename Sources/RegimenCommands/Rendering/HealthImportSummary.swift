import CareStore
import Foundation
import RegimenFoundation
import ResearchTasks

/// What `regimen health import` prints: what the export changed in the store, per kind of item, and what each linked
/// task got from it (docs/health-export.md).
struct HealthImportSummary {
    let file: String
    let report: HealthImportReport
    let linked: [LinkedTaskDerivation.Report]

    /// The printed text.
    func render() -> String {
        var lines: [String] = []
        let changed = [report.samples, report.workouts, report.correlations, report.activitySummaries, report.others]
            .contains(where: \.changedAnything)
        let name = (file as NSString).lastPathComponent
        if changed {
            lines.append("Imported \(name) (import \(report.importNumber), \(Plural.count(report.items, "item"))):")
            lines.append(row("samples", report.samples))
            if report.workouts != HealthImportCounts() {
                var workouts = row("workouts", report.workouts)
                if report.routePoints > 0 { workouts += "; \(Plural.count(report.routePoints, "route point")) stored" }
                if report.missingRouteFiles > 0 {
                    workouts += "; \(Plural.count(report.missingRouteFiles, "route file")) not in the export"
                }
                lines.append(workouts)
            }
            if report.correlations != HealthImportCounts() { lines.append(row("correlations", report.correlations)) }
            if report.activitySummaries != HealthImportCounts() {
                lines.append(row("activity days", report.activitySummaries))
            }
            if report.others != HealthImportCounts() { lines.append(row("other items", report.others)) }
        } else {
            lines.append(
                "Imported \(name) (import \(report.importNumber)): nothing changed, "
                    + "\(Plural.count(report.samples.unchanged, "sample")) already stored.")
        }
        if !report.appliedDeletions {
            lines.append(
                report.exportDate == nil
                    ? "  The export has no ExportDate: nothing absent from it was marked deleted."
                    : "  An export newer than this one was imported before: nothing absent from this one was marked deleted."
            )
        }
        if !linked.isEmpty {
            lines.append("Linked tasks:")
            for task in linked {
                var text =
                    "  \(task.task): \(task.withData) of \(Plural.count(task.events, "event")) with data, "
                    + "\(task.completed) met the goal"
                if task.written > 0 { text += ", \(Plural.count(task.written, "outcome")) written" }
                if task.removed > 0 { text += ", \(Plural.count(task.removed, "outcome")) removed (data gone)" }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ label: String, _ counts: HealthImportCounts) -> String {
        var parts = ["\(counts.added) new"]
        if counts.updated > 0 { parts.append("\(counts.updated) updated (higher sync version)") }
        if counts.restored > 0 { parts.append("\(counts.restored) back after a deletion") }
        if counts.deleted > 0 { parts.append("\(counts.deleted) marked deleted (absent from this newer export)") }
        if counts.unchanged > 0 { parts.append("\(counts.unchanged) unchanged") }
        return "  " + TerminalColumns.padded(label + ":", to: 15) + parts.joined(separator: ", ")
    }
}
