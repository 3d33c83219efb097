package import Foundation

/// The source of "now"; injected everywhere so tests and replays can pin time.
package protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The system clock.
package struct SystemClock: WallClock {
    /// Creates the system clock.
    package init() {}
    /// The current instant.
    package func now() -> Date { Date() }
}

/// A clock that always answers the same instant.
package struct FixedClock: WallClock {
    /// The instant answered.
    package let instant: Date
    /// Creates a fixed clock.
    package init(_ instant: Date) { self.instant = instant }
    /// The fixed instant.
    package func now() -> Date { instant }
}
