/// A UTC offset as it was written: its minutes east of UTC and its notation (docs/dates-and-times.md, "Offsets").
package struct UTCOffset: Sendable, Hashable {
    /// How an offset is written.
    package enum Style: Sendable, Hashable {
        /// `Z` (zero offset, RFC 3339).
        case zulu
        /// `±HH:mm`, e.g. `+01:00` (ISO 8601 extended, RFC 3339).
        case extended
        /// `±HHmm`, e.g. `+0100` (ISO 8601 basic; the ResearchKit serializer's `Z` pattern).
        case basic
        /// `±HH`, e.g. `+01` (ISO 8601, whole hours only).
        case hoursOnly
    }

    /// Minutes east of UTC (negative west), −1439…1439.
    package var minutes: Int
    /// The notation.
    package var style: Style

    /// An offset of `minutes` written in `style` (a `hoursOnly` offset must be whole hours to round-trip).
    package init(minutes: Int, style: Style) {
        self.minutes = minutes
        self.style = style
    }

    /// The offset in its notation: `Z`, `+01:00`, `+0100` or `+01`.
    package var text: String { DigitText.text(appendText) }

    /// Appends `text`'s bytes to `bytes`.
    package func appendText(to bytes: inout [UInt8]) {
        if style == .zulu { return bytes.append(0x5A) }
        bytes.append(minutes < 0 ? 0x2D : 0x2B)
        DigitText.append(abs(minutes) / 60, width: 2, to: &bytes)
        switch style {
        case .zulu, .hoursOnly: break
        case .extended:
            bytes.append(0x3A)
            DigitText.append(abs(minutes) % 60, width: 2, to: &bytes)
        case .basic: DigitText.append(abs(minutes) % 60, width: 2, to: &bytes)
        }
    }
}
