public import Foundation
public import ResearchTasks

/// A task result built in a few readable lines, with pinned dates: step `i` runs from `start + i` minutes to
/// `start + i + 1` minutes, and the task ends when its last step does.
///
/// ```swift
/// let tree = ResultTree("checkin") {
///     Form("checkin.form") {
///         Item("checkin.form.pain", .scale(4))
///         Item("checkin.form.sleep", .skipped(.scale))
///     }
/// }
/// ```
public struct ResultTree: Sendable, Hashable {
    /// The pinned default start: 2025-11-21 08:00:00 UTC.
    public static let pinnedStart = Date(timeIntervalSince1970: 1_763_712_000)
    /// The pinned default task-run UUID.
    public static let pinnedRunUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
    /// How long each built step lasts.
    public static let stepDuration: TimeInterval = 60

    /// The built result tree.
    public var result: TaskResult

    /// Builds the result of task `identifier` from its steps, in visit order.
    public init(
        _ identifier: String, start: Date = ResultTree.pinnedStart, taskRunUUID: UUID = ResultTree.pinnedRunUUID,
        @StepsBuilder steps: () -> [any StepComponent]
    ) {
        let components = steps()
        let results = components.enumerated().map { index, component in
            let stepStart = start.addingTimeInterval(Double(index) * Self.stepDuration)
            return component.stepResult(start: stepStart, end: stepStart.addingTimeInterval(Self.stepDuration))
        }
        let end = start.addingTimeInterval(Double(components.count) * Self.stepDuration)
        result = TaskResult(
            identifier: identifier, taskRunUUID: taskRunUUID, startDate: start, endDate: end, results: results)
    }

    /// Wraps an existing result (for example one read from a file).
    public init(_ result: TaskResult) {
        self.result = result
    }
}
