/// The last few long string values one document's parse made, so that a value written again (a result file's dates,
/// its result class names) is the same `String`, retained, instead of a copy allocated and later freed
/// (docs/performance.md, "Ingest"); kept across documents read one after another, the
/// identifiers every file of a survey repeats (`ResultStreamReader`). Only strings longer than fit in a `String`
/// itself (15 bytes) are kept, and only from the bytes as written: an escaped string is always made anew.
package struct JSONRecentStrings {
    /// None remembered yet.
    package init() {}

    /// Strings of up to this many bytes cost no allocation: not worth remembering.
    private static let smallBytes = 15
    private var slots: (String?, String?, String?, String?) = (nil, nil, nil, nil)
    private var next = 0

    /// The string of `bytes`: a remembered one with exactly these bytes, or a new one, then remembered.
    package mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > Self.smallBytes else { return String(decoding: bytes, as: UTF8.self) }
        if let found = match(slots.0, bytes) ?? match(slots.1, bytes) ?? match(slots.2, bytes) ?? match(slots.3, bytes)
        {
            return found
        }
        let made = String(decoding: bytes, as: UTF8.self)
        switch next {
        case 0: slots.0 = made
        case 1: slots.1 = made
        case 2: slots.2 = made
        default: slots.3 = made
        }
        next = (next + 1) & 3
        return made
    }

    /// `candidate` when it holds exactly `bytes`.
    private func match(_ candidate: String?, _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let candidate, candidate.utf8.count == bytes.count else { return nil }
        let same = candidate.utf8.withContiguousStorageIfAvailable { $0.hasSameBytes(as: bytes) }
        return same == true ? candidate : nil
    }
}
