/// The tokenizer's 256-entry table of byte classes, read once per byte in its inner loops instead of chains of
/// comparisons (docs/health-export.md, "Reading an export").
package enum XMLByteClass {
    /// Can be part of a name: ASCII letters, digits, `_ - . :` and every byte of a multi-byte UTF-8 character.
    package static let name: UInt8 = 1
    /// Space, tab, line feed, carriage return.
    package static let space: UInt8 = 2
    /// Ends or changes the plain run of an attribute value: quotes, `&`, `<`, tab, line feed, carriage return.
    package static let valueSpecial: UInt8 = 4

    /// The table, built once and never freed.
    nonisolated(unsafe) package static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for byte in 0..<256 {
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let isDigit = (0x30...0x39).contains(byte)
            if isLetter || isDigit || byte >= 0x80 || [0x5F, 0x2D, 0x2E, 0x3A].contains(byte) { table[byte] |= name }
            if [0x20, 0x09, 0x0A, 0x0D].contains(byte) { table[byte] |= space }
            if [0x22, 0x27, 0x26, 0x3C, 0x09, 0x0A, 0x0D].contains(byte) { table[byte] |= valueSpecial }
        }
        return UnsafePointer(table)
    }()
}
