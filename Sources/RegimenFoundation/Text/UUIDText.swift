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
                guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else {
                    return false
                }
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

    /// Writes the 36 bytes of `text` from `target`: four bytes at a time become eight digits in one 64-bit word (each
    /// byte's nibbles spread into bytes of their own, then made ASCII all at once), stored around the dashes.
    private static func write(_ value: uuid_t, to target: UnsafeMutablePointer<UInt8>) {
        let (w0, w1, w2, w3) = withUnsafeBytes(of: value) { bytes in
            (
                hexDigits(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)),
                hexDigits(bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)),
                hexDigits(bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)),
                hexDigits(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            )
        }
        let raw = UnsafeMutableRawPointer(target)
        let dash = UInt8(ascii: "-")
        raw.storeBytes(of: w0, toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: dash, toByteOffset: 8, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: w1), toByteOffset: 9, as: UInt32.self)
        raw.storeBytes(of: dash, toByteOffset: 13, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: w1 >> 32), toByteOffset: 14, as: UInt32.self)
        raw.storeBytes(of: dash, toByteOffset: 18, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: w2), toByteOffset: 19, as: UInt32.self)
        raw.storeBytes(of: dash, toByteOffset: 23, as: UInt8.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: w2 >> 32), toByteOffset: 24, as: UInt32.self)
        raw.storeBytes(of: w3, toByteOffset: 28, as: UInt64.self)
    }

    /// The eight uppercase hex digits of the four bytes in `loaded` (as loaded from memory on this little-endian
    /// machine), as the bytes of a word to store: the first byte's high digit first.
    @inline(__always)
    private static func hexDigits(_ loaded: UInt32) -> UInt64 {
        // Byte i of the four into the low byte of 16-bit lane i.
        var x = UInt64(UInt32(littleEndian: loaded))
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        // Each lane: its high nibble in its low byte (stored first), its low nibble in its high byte.
        let nibbles = (x >> 4) & 0x000F_000F_000F_000F | (x & 0x000F_000F_000F_000F) << 8
        // 0–9 → "0"–"9", 10–15 → "A"–"F": 7 more where a nibble plus 6 reaches 16.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 7).littleEndian
    }
}
