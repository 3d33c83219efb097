/// A 24-hour wall-clock time of day, hour and minute: the one `HH:mm` reader and writer
/// (docs/dates-and-times.md, "Times of day").
package struct ClockTime: Sendable, Hashable {
    /// How strictly the hour is read.
    package enum Hours: Sendable {
        /// Exactly two digits (`08:30`): files (survey files, result files).
        case twoDigits
        /// One or two digits (`8:30` or `08:30`): what a person types at the prompt.
        case oneOrTwoDigits
    }

    /// Hour, 0…23.
    package var hour: Int
    /// Minute, 0…59.
    package var minute: Int

    /// A time from its fields (not validated).
    package init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Reads `HH:mm` (or `H:mm` when `hours` allows): ASCII digits only, hour 00–23, minute two digits 00–59.
    /// Nil for anything else, including "24:00", "+1:30" and "08:30:00".
    package init?(_ text: some StringProtocol, hours: Hours) {
        var text = String(text)
        guard
            let time = text.withUTF8({ bytes -> ClockTime? in
                var scanner = DateTextScanner(bytes)
                guard let time = ClockTime.read(&scanner, hours: hours), scanner.isAtEnd else { return nil }
                return time
            })
        else { return nil }
        self = time
    }

    /// `HH:mm`, zero-padded (`08:30`).
    package var text: String { DigitText.text(appendText) }

    /// Appends `text`'s bytes to `bytes`.
    package func appendText(to bytes: inout [UInt8]) {
        DigitText.append(hour, width: 2, to: &bytes)
        bytes.append(0x3A)
        DigitText.append(minute, width: 2, to: &bytes)
    }

    /// Reads `HH:mm` from where `scanner` stands; nil (scanner position unspecified) when it is not there.
    static func read(_ scanner: inout DateTextScanner, hours: Hours) -> ClockTime? {
        let hour =
            switch hours {
            case .twoDigits: scanner.number(digits: 2)
            case .oneOrTwoDigits: scanner.number(fewest: 1, most: 2)
            }
        guard let hour, hour <= 23, scanner.take(":"), let minute = scanner.number(digits: 2), minute <= 59 else {
            return nil
        }
        return ClockTime(hour: hour, minute: minute)
    }
}
