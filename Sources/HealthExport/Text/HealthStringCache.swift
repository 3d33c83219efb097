import RegimenFoundation

/// The last String made for each attribute kind, reused while the bytes repeat (records of one type and source come
/// in runs), so that a million records do not make a million copies of the same type and source names.
struct HealthStringCache {
    private var bytes: [[UInt8]] = Array(repeating: [], count: HealthAttributeKey.allCases.count)
    private var strings: [String] = Array(repeating: "", count: HealthAttributeKey.allCases.count)

    /// The value of `tag`'s attribute `index` (kind `key`), decoded; from the cache when the written bytes repeat (the
    /// same bytes decode to the same text, so entity-laden `device` descriptions are decoded once per run).
    mutating func value(_ tag: XMLStartTag, _ index: Int, key: HealthAttributeKey) throws(XMLSyntaxError) -> String {
        let raw = tag.rawValue(index)
        let slot = Int(key.rawValue)
        if raw.count == bytes[slot].count,
            bytes[slot].withUnsafeBufferPointer({ XMLBytes($0).equals(raw) })
        {
            return strings[slot]
        }
        let text = try tag.value(index)
        bytes[slot] = Array(raw.buffer)
        strings[slot] = text
        return text
    }
}
