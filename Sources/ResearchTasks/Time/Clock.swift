import Foundation

/// The source of "now"; injected everywhere so tests and replays can pin time.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The system clock.
public struct SystemClock: WallClock {
    /// Creates the system clock.
    public init() {}
    /// The current instant.
    public func now() -> Date { Date() }
}

/// A clock that always answers the same instant.
public struct FixedClock: WallClock {
    /// The instant answered.
    public let instant: Date
    /// Creates a fixed clock.
    public init(_ instant: Date) { self.instant = instant }
    /// The fixed instant.
    public func now() -> Date { instant }
}
