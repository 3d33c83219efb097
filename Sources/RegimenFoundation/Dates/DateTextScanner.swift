/// Reads the ASCII fields of date and time text one by one (docs/dates-and-times.md): digits of a given width,
/// separators, and UTC offsets. Works on UTF-8 bytes in place, so reading a timestamp allocates nothing.
struct DateTextScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index == bytes.count }

    /// The next byte, if any, without reading it.
    var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Reads `character` when it comes next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard next == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Reads `fewest`…`most` ASCII digits (as many as there are, up to `most`); nil when fewer than `fewest`.
    /// A sign is never a digit, so "+1" is not a number here.
    mutating func number(fewest: Int, most: Int) -> Int? {
        var value = 0
        var count = 0
        while count < most, let byte = next, Self.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        return count >= fewest ? value : nil
    }

    /// Reads exactly `digits` ASCII digits (a digit after them is left for the next field, as in `+0100`).
    mutating func number(digits: Int) -> Int? {
        number(fewest: digits, most: digits)
    }

    /// Reads a run of digits (possibly empty) as text.
    mutating func digitRun() -> String {
        let start = index
        while let byte = next, Self.isDigit(byte) { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Skips spaces.
    mutating func skipSpaces() {
        while next == UInt8(ascii: " ") { index += 1 }
    }

    /// `Z`, `±HH:mm`, `±HHmm` or `±HH` as written; nil when none of these comes next (or hours > 23, minutes > 59).
    mutating func offset() -> UTCOffset? {
        if take("Z") { return UTCOffset(minutes: 0, style: .zulu) }
        let sign: Int
        if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        let style: UTCOffset.Style
        if take(":") {
            style = .extended
        } else if next.map(Self.isDigit) == true {
            style = .basic
        } else {
            return UTCOffset(minutes: sign * hours * 60, style: .hoursOnly)
        }
        guard let minutes = number(digits: 2), minutes <= 59 else { return nil }
        return UTCOffset(minutes: sign * (hours * 60 + minutes), style: style)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
