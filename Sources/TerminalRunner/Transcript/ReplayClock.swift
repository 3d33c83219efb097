package import Foundation
import ResearchTasks
import Synchronization

/// The clock of a replay: the recorded start, then start + t of the last line read, so results repeat exactly.
package final class ReplayClock: WallClock {
    private let current: Mutex<Date>

    /// Creates a clock standing at `start`.
    package init(start: Date) {
        current = Mutex(start)
    }

    /// The instant of the last line read (the start before any).
    package func now() -> Date { current.withLock { $0 } }

    /// Moves the clock to `date`.
    func set(_ date: Date) { current.withLock { $0 = date } }
}
