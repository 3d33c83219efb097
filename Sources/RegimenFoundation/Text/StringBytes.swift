#if canImport(Glibc)
    public import Glibc
#endif

/// Comparisons of text by its UTF-8 bytes, where `==` (canonical equivalence) is the wrong question or too slow: file
/// names and paths, which the kernel compares byte by byte.
extension StringProtocol {
    /// Whether `other` has exactly these UTF-8 bytes: `é` and `e` + U+0301 are equal by `==` but name two files.
    package func hasSameBytes(as other: some StringProtocol) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let inPlace = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in mine.hasSameBytes(as: theirs) }
        }
        return (inPlace ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension String {
    /// Whether the string ends with the ASCII `suffix`, letters compared without case (`A.JSON` ends with `.json`):
    /// for a file extension such as `.json` the answer of `lowercased().hasSuffix(_:)`, without making a lowercased
    /// copy of every name a folder walk meets (no letter outside ASCII lowercases to `.`, `j`, `s`, `o` or `n`).
    package func hasSuffixIgnoringASCIICase(_ suffix: String) -> Bool {
        let inPlace = utf8.withContiguousStorageIfAvailable { bytes in
            suffix.utf8.withContiguousStorageIfAvailable { wanted in bytes.hasSuffixIgnoringASCIICase(wanted) }
        }
        if let known = inPlace ?? nil { return known }
        return Array(utf8).hasSuffixIgnoringASCIICase(Array(suffix.utf8))
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `other` holds exactly these bytes (`memcmp`, no element-by-element loop).
    @inlinable
    package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count && (isEmpty || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}

extension Collection<UInt8> {
    /// Whether these bytes end with the ASCII bytes `suffix`, letters compared without case (as
    /// `String.hasSuffixIgnoringASCIICase`, for a name that is only bytes, such as a directory entry's).
    /// Inlinable: the folder walk calls it for every entry, and called through the generic entry point it cost the
    /// walk about 1.5 µs an entry (docs/performance.md, "Ingest").
    @inlinable
    package func hasSuffixIgnoringASCIICase(_ suffix: some Collection<UInt8>) -> Bool {
        func matches(_ have: UInt8, _ want: UInt8) -> Bool {
            have == want || (have ^ 0x20 == want && (want | 0x20) >= 0x61 && (want | 0x20) <= 0x7A)
        }
        return count >= suffix.count && zip(self.suffix(suffix.count), suffix).allSatisfy { matches($0, $1) }
    }
}
