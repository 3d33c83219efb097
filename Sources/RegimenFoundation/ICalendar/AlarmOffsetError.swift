/// Why an `--alarm` offset could not be read (docs/icalendar.md, "Alarms").
package enum AlarmOffsetError: Error, Sendable, Equatable {
    /// Nothing was given.
    case empty
    /// The text is not a signed list of amounts with units d, h, m, s (e.g. `-10m`).
    case malformed(String)
    /// The units are repeated or not in the order d, h, m, s (e.g. `-30m1h`).
    case unitsOutOfOrder(String)
    /// More than 28 days from the event.
    case tooFar(String)

    /// The problem in words, for the command line.
    package var reason: String {
        switch self {
        case .empty: "--alarm needs an offset such as -10m, -1h30m or 0"
        case .malformed(let text):
            "--alarm '\(text)' is not an offset: write it like -10m, -1h, -1h30m or 0 (units d, h, m, s)"
        case .unitsOutOfOrder(let text):
            "--alarm '\(text)': give each unit once, largest first (d, h, m, s), e.g. -1h30m"
        case .tooFar(let text): "--alarm '\(text)' is more than 28 days from the event"
        }
    }
}
