/// Positions of event keys in a list, found by binary search over the keys sorted once: what a `[EventKey: Int]`
/// would give, without the runtime's conformance lookup that a dictionary keyed by `EventKey` costs at the first use
/// in a static binary (docs/performance.md, "`regimen today`"), which the care feed would pay on every start.
struct EventIndex {
    /// (task uuid as two words, occurrence, position in the list), sorted.
    private let entries: [(high: UInt64, low: UInt64, occurrence: Int, position: Int)]

    /// Indexes `keys` by their positions.
    init(_ keys: [EventKey]) {
        entries = keys.enumerated().map { position, key in
            let words = Self.words(key)
            return (words.high, words.low, key.occurrence, position)
        }.sorted { Self.less(($0.high, $0.low, $0.occurrence, $0.position), ($1.high, $1.low, $1.occurrence, $1.position)) }
    }

    /// The first position of `key` in the list, or nil.
    func first(of key: EventKey) -> Int? {
        let start = lowerBound(key, position: Int.min)
        guard start < entries.count, matches(entries[start], key) else { return nil }
        return entries[start].position
    }

    /// The last position of `key` in the list, or nil.
    func last(of key: EventKey) -> Int? {
        let end = lowerBound(key, position: Int.max)
        guard end > 0, matches(entries[end - 1], key) else { return nil }
        return entries[end - 1].position
    }

    /// The index of the first entry not below (`key`, `position`).
    private func lowerBound(_ key: EventKey, position: Int) -> Int {
        let words = Self.words(key)
        let target = (words.high, words.low, key.occurrence, position)
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            if Self.less((entry.high, entry.low, entry.occurrence, entry.position), target) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private func matches(_ entry: (high: UInt64, low: UInt64, occurrence: Int, position: Int), _ key: EventKey) -> Bool {
        let words = Self.words(key)
        return entry.high == words.high && entry.low == words.low && entry.occurrence == key.occurrence
    }

    private static func less(_ a: (UInt64, UInt64, Int, Int), _ b: (UInt64, UInt64, Int, Int)) -> Bool {
        if a.0 != b.0 { return a.0 < b.0 }
        if a.1 != b.1 { return a.1 < b.1 }
        if a.2 != b.2 { return a.2 < b.2 }
        return a.3 < b.3
    }

    private static func words(_ key: EventKey) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: key.task.uuid) { bytes in
            (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }
}
