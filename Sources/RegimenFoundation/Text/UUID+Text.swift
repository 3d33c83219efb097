import Foundation

extension UUID {
    /// `uuidString` (uppercase, 8-4-4-4-12) without going through `snprintf`, which dominates bulk inserts.
    package var text: String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = hex[Int(byte >> 4)]
                    buffer[position + 1] = hex[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }
}
