extension UInt8 {
    /// Whether the byte is JSON whitespace (RFC 8259: space, tab, line feed, carriage return).
    @inlinable
    package var isJSONWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
