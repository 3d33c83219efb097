/// UTF-8 checks on raw bytes for the tokenizer (docs/health-export.md, "Reading errors": names and values must be
/// UTF-8).
package enum XMLUTF8 {
    /// Whether every byte is ASCII, eight bytes at a time.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var accumulated: UInt64 = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            accumulated |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            accumulated |= UInt64(base[index])
            index += 1
        }
        return accumulated & 0x8080_8080_8080_8080 == 0
    }

    /// Whether the bytes are valid UTF-8.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil
    }
}
