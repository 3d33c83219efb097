#if canImport(Glibc)
    package import Glibc
#endif

/// The name of an entry `readdir(3)` returned. File names are bytes: one that is not UTF-8 cannot be opened again
/// through its decoded text, so callers are told (docs/command-line-conventions.md, "Symbolic links and undecodable
/// names under an ingested folder").
package struct DirectoryEntryName {
    /// The name as text; a name that is not UTF-8 has U+FFFD in place of its bad bytes (to be shown, not opened).
    package let text: String
    /// Whether the bytes are UTF-8, so that `text` names the entry exactly.
    package let isValidUTF8: Bool

    /// The name of `entry`, decoded once.
    package init(_ entry: UnsafePointer<dirent>) {
        (text, isValidUTF8) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            // The standard library's C-string check: validating the bytes as a generic collection cost more than
            // everything else a folder walk does for a name.
            if let text = String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self)) {
                return (text, true)
            }
            return (String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self), false)
        }
    }
}
