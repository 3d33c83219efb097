#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `HKDevice` description as a sample row keeps it (docs/health-export.md, "How the store keeps an export"): the
/// text with its object address cut out, shared by every sample of that device and software, and the address as a
/// number. The Health app writes a new address into nearly every record, so the whole text would be unique per row.
enum HealthDeviceText {
    /// What comes before the address, as bytes compared with `memcmp` (a generic `starts(with:)` over the UTF-8 view
    /// cost a record more than the rest of the split).
    private static let prefixBytes: StaticString = "<<HKDevice: 0x"
    /// What comes before the address.
    static let prefix = prefixBytes.description
    /// The prefix's length in bytes (it is ASCII: also in characters).
    static let prefixLength = prefixBytes.utf8CodeUnitCount
    /// The most hex digits kept as a number (15 always fit a 64-bit integer).
    private static let maximumDigits = 15

    /// `text` without its address, and the address; the whole text and nil when the address would not print back
    /// the same (upper-case or leading-zero digits, too long, or no address at all).
    static func split(_ text: String) -> (template: String, address: Int64?) {
        var native = text
        guard let found = native.withUTF8({ address(in: $0) }) else { return (text, nil) }
        // The byte after the digits is `>`, so the cut falls between characters.
        let rest = text.utf8.index(text.utf8.startIndex, offsetBy: prefixLength + found.digits)
        return (prefix + text[rest...], found.address)
    }

    /// The address right after the prefix, and how many digits it has; nil when the text keeps it (see `split`).
    static func address(in bytes: UnsafeBufferPointer<UInt8>) -> (digits: Int, address: Int64)? {
        guard bytes.count > prefixLength, memcmp(bytes.baseAddress!, prefixBytes.utf8Start, prefixLength) == 0 else {
            return nil
        }
        var address: Int64 = 0
        var index = prefixLength
        while index < bytes.count, let digit = hexDigit(bytes[index]) {
            address = address << 4 | Int64(digit)
            index += 1
            if index - prefixLength > maximumDigits { return nil }
        }
        let digits = index - prefixLength
        guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ">"),
            digits == 1 || bytes[prefixLength] != UInt8(ascii: "0")
        else { return nil }
        return (digits, address)
    }

    /// `template` with `address` put back: the text as written.
    static func joined(template: String, address: Int64?) -> String {
        guard let address, template.hasPrefix(prefix) else { return template }
        return prefix + String(address, radix: 16) + template.dropFirst(prefixLength)
    }

    /// The value of a lower-case hex digit.
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
