package import Foundation
import Synchronization
import TerminalRunner

/// A one-line progress bar on standard error — files (or megabytes) done, the rate, time left — redrawn at most ten
/// times a second. Draws nothing unless standard error is a terminal.
package final class ProgressBar: Sendable {
    /// What the bar counts.
    package enum Unit: Sendable {
        /// Files (whole numbers).
        case files
        /// Bytes, shown in megabytes.
        case bytes
    }

    private struct State {
        package var label: String
        package var total: Int
        package var done = 0
        package var started: Date
        package var lastDraw = Date.distantPast
    }

    private let enabled: Bool
    private let unit: Unit
    private let clock: @Sendable () -> Date
    private let state: Mutex<State>

    /// A bar for `total` items, drawn only when `enabled` (standard error is a terminal).
    package init(
        label: String, total: Int, enabled: Bool, unit: Unit = .files,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.enabled = enabled
        self.unit = unit
        self.clock = clock
        state = Mutex(State(label: label, total: total, started: clock()))
    }

    /// Starts a new phase (count back to 0).
    package func restart(label: String, total: Int) {
        let now = clock()
        state.withLock { $0 = State(label: label, total: total, started: now) }
    }

    /// Counts `count` more items done and redraws if due.
    package func advance(by count: Int) {
        guard enabled else { return }
        let now = clock()
        let line: String? = state.withLock { state in
            state.done += count
            guard now.timeIntervalSince(state.lastDraw) >= 0.1 || state.done >= state.total else { return nil }
            state.lastDraw = now
            return Self.line(state, unit: unit, now: now)
        }
        if let line { FileDescriptorOutput.standardError.write("\r\(line)\u{1B}[K") }
    }

    /// Clears the bar's line.
    package func finish() {
        guard enabled else { return }
        FileDescriptorOutput.standardError.write("\r\u{1B}[K")
    }

    /// The bar's text, e.g. `storing [#######.......]  700/1000  3500 files/s  0:01 left`.
    private static func line(_ state: State, unit: Unit, now: Date) -> String {
        let width = 24
        let fraction = state.total > 0 ? min(1, Double(state.done) / Double(state.total)) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let elapsed = max(now.timeIntervalSince(state.started), 0.001)
        let rate = Double(state.done) / elapsed
        let left = rate > 0 ? Double(state.total - state.done) / rate : 0
        let seconds = Int(left.rounded(.up))
        let counts: String
        switch unit {
        case .files: counts = "\(state.done)/\(state.total)  \(Int(rate)) files/s"
        case .bytes: counts = "\(state.done / 1_000_000)/\(state.total / 1_000_000) MB  \(Int(rate / 1_000_000)) MB/s"
        }
        return "\(state.label) [\(bar)] \(counts)  "
            + "\(seconds / 60):\(String(format: "%02d", seconds % 60)) left"
    }
}
