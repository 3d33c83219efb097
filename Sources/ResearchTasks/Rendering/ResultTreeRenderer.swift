package import Foundation
import RegimenFoundation

/// Renders a result tree as readable text for `regimen result show FILE`: the task, then one branch per step
/// with one aligned row per child (identifier, kind, answer). Text from the file is made terminal-safe.
package enum ResultTreeRenderer {
    /// The tree as lines joined by "\n" (no trailing newline); times are shown in `timeZone`.
    package static func render(_ result: TaskResult, timeZone: TimeZone) -> String {
        let start = CivilDateTime(result.startDate, timeZone: timeZone)
        var lines = [
            "\(name(result.identifier))  (\(rootClass(result)))  run \(result.taskRunUUID.uuidString.uppercased())"
                + (result.isTaskRunUUIDDerived ? " (derived from the file's content)" : ""),
            "\(start.dateText) \(start.timeText) → \(moment(result.endDate, timeZone: timeZone, sameDayAs: start)) "
                + zoneLabel(timeZone, at: result.startDate),
        ]
        if let device = result.device, let text = deviceText(device) { lines.append("device  \(text)") }
        let kept = result.keptResults
        for (index, step) in result.results.enumerated() {
            let isLast = index == result.results.count - 1 && kept.isEmpty
            lines.append((isLast ? "└─ " : "├─ ") + stepHeading(step, timeZone: timeZone, taskStart: start))
            let rows = step.results.map { ChildResultRow($0, timeZone: timeZone) }
            lines.append(contentsOf: ChildResultRow.layout(rows, prefix: isLast ? "   " : "│  "))
        }
        for (index, other) in kept.enumerated() {
            let className = other.className.isEmpty ? "no class" : DisplayText.safe(other.className)
            lines.append(
                (index == kept.count - 1 ? "└─ " : "├─ ") + "\(name(other.identifier))  (\(className), kept verbatim)")
        }
        return lines.joined(separator: "\n")
    }

    private static func stepHeading(_ step: StepResult, timeZone: TimeZone, taskStart: CivilDateTime) -> String {
        let from = moment(step.startDate, timeZone: timeZone, sameDayAs: taskStart)
        let to = moment(step.endDate, timeZone: timeZone, sameDayAs: taskStart)
        let previous = step.isPreviousResult ? "previous " : ""
        return "\(name(step.identifier))  (\(previous)step, \(from) → \(to))"
    }

    /// "HH:mm:ss" on the same calendar day as `day`, else "yyyy-MM-dd HH:mm:ss".
    private static func moment(_ date: Date, timeZone: TimeZone, sameDayAs day: CivilDateTime) -> String {
        let civil = CivilDateTime(date, timeZone: timeZone)
        let sameDay = (civil.year, civil.month, civil.day) == (day.year, day.month, day.day)
        return sameDay ? civil.timeText : "\(civil.dateText) \(civil.timeText)"
    }

    /// "UTC" for a zero-offset UTC/GMT zone, else the zone's identifier and offset, e.g. "Europe/Berlin (+0100)".
    private static func zoneLabel(_ timeZone: TimeZone, at date: Date) -> String {
        let offset = CivilDateTime(date, timeZone: timeZone).offsetText
        let identifier = timeZone.identifier
        let isUniversal =
            ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu"]
            .contains(identifier) || identifier.hasPrefix("GMT") || identifier.hasPrefix("UTC")
        if isUniversal { return offset == "+0000" ? "UTC" : "UTC\(offset)" }
        return "\(DisplayText.safe(identifier)) (\(offset))"
    }

    /// The root's class as the file names it (`ORKPageResult` is a task result too), else `ORKTaskResult`.
    private static func rootClass(_ result: TaskResult) -> String {
        if case .string(let name)? = result.source?["_class"] { DisplayText.safe(name) } else { "ORKTaskResult" }
    }

    private static func deviceText(_ device: DeviceInfo) -> String? {
        var parts: [String] = []
        if let product = device.product, !product.isEmpty { parts.append(product) }
        let system = [device.platform, device.osVersion].compactMap { $0 }.filter { !$0.isEmpty }
        if !system.isEmpty { parts.append(system.joined(separator: " ")) }
        if let build = device.osBuild, !build.isEmpty { parts.append("(\(build))") }
        return parts.isEmpty ? nil : DisplayText.safe(parts.joined(separator: "  "))
    }

    /// A terminal-safe identifier; an empty one is shown as "(no identifier)".
    static func name(_ identifier: String) -> String {
        identifier.isEmpty ? "(no identifier)" : DisplayText.safe(identifier)
    }
}
