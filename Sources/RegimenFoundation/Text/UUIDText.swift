package import Foundation

/// Reads UUID text as `UUID(uuidString:)` does, with a fast path for the canonical form (36 characters, hex digits of
/// either case, dashes at 8, 13, 18 and 23): Foundation's parser costs more than decoding the rest of a result file.
package enum UUIDText {
    /// The UUID `text` names, or nil — exactly when `UUID(uuidString:)` gives nil.
    package static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8(canonical) ?? UUID(uuidString: text)
    }

    /// The UUID of the canonical form in `bytes` (36 characters, hex digits of either case, dashes at 8, 13, 18 and
    /// 23), nil for any other bytes (which `parse` hands to Foundation).
    package static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { output -> Bool in
            var position = 0
            for byteIndex in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard bytes[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else { return false }
                output[byteIndex] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? UUID(uuid: value) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension UUID {
    /// `uuidString` (uppercase, 8-4-4-4-12) without going through `snprintf`, which dominates bulk inserts, and without
    /// allocating anything but the string itself (a digit table made per call cost ten times the formatting).
    package var text: String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            Self.write(uuid, to: buffer.baseAddress!)
            return 36
        }
    }

    /// Appends the 36 bytes of `text` to `bytes`, making no string.
    package func appendText(to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 36))
        bytes.withUnsafeMutableBufferPointer { buffer in Self.write(uuid, to: buffer.baseAddress! + start) }
    }

    /// Writes the 36 bytes of `text` from `target`.
    private static func write(_ value: uuid_t, to target: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: value) { bytes in
            @inline(__always) func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x37 + nibble }
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    target[position] = UInt8(ascii: "-")
                    position += 1
                }
                let byte = bytes[index]
                target[position] = digit(byte >> 4)
                target[position + 1] = digit(byte & 0x0F)
                position += 2
            }
        }
    }
}
