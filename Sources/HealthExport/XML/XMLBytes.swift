/// A borrowed run of UTF-8 bytes in the tokenizer's buffer (a name, a raw value, a comment), valid only during the
/// handler call that received it; compare it without allocating, or copy it out as a String.
package struct XMLBytes {
    /// The bytes.
    package let buffer: UnsafeBufferPointer<UInt8>

    /// Wraps `buffer`.
    package init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The number of bytes.
    package var count: Int { buffer.count }

    /// Whether the bytes are exactly `text`'s UTF-8.
    package func equals(_ text: StaticString) -> Bool {
        guard text.utf8CodeUnitCount == buffer.count else { return false }
        guard let base = buffer.baseAddress else { return true }
        return memcmp(base, text.utf8Start, buffer.count) == 0
    }

    /// Whether the bytes equal `other`'s.
    package func equals(_ other: XMLBytes) -> Bool {
        guard other.count == buffer.count else { return false }
        guard let base = buffer.baseAddress, let otherBase = other.buffer.baseAddress else { return true }
        return memcmp(base, otherBase, buffer.count) == 0
    }

    /// Whether the bytes start with `prefix`.
    package func hasPrefix(_ prefix: StaticString) -> Bool {
        guard prefix.utf8CodeUnitCount <= buffer.count, let base = buffer.baseAddress else {
            return prefix.utf8CodeUnitCount == 0
        }
        return memcmp(base, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
    }

    /// The bytes as a String (invalid UTF-8 repaired with U+FFFD; names and values are checked before they arrive).
    package var string: String { String(decoding: buffer, as: UTF8.self) }

    /// The bytes as a String, or nil when they are not UTF-8.
    package var validatedString: String? {
        if XMLUTF8.isASCII(buffer) { return String(decoding: buffer, as: UTF8.self) }
        return String(validating: buffer, as: UTF8.self)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
