import FoundationEssentials

/// Positions of event keys in a list, found by binary search over the keys sorted once: what a `[EventKey: Int]`
/// would give, without the runtime's conformance lookup that a dictionary keyed by `EventKey` costs at the first use
/// in a static binary (docs/performance.md, "`regimen today` (the care feed)"), which the care feed would pay on every
/// start.
struct EventIndex {
    /// An entry: the task uuid as two words, the occurrence, the position in the list.
    private typealias Entry = (high: UInt64, low: UInt64, occurrence: Int, position: Int)

    /// The keys' entries, sorted.
    private let entries: [Entry]

    /// Indexes `keys` by their positions.
    init(_ keys: [EventKey]) {
        entries = keys.enumerated().map { position, key in Self.entry(key, position: position) }.sorted { $0 < $1 }
    }

    /// The first position of `key` in the list, or nil.
    func first(of key: EventKey) -> Int? {
        let start = lowerBound(Self.entry(key, position: Int.min))
        guard start < entries.count, Self.sameKey(entries[start], Self.entry(key, position: 0)) else { return nil }
        return entries[start].position
    }

    /// The last position of `key` in the list, or nil.
    func last(of key: EventKey) -> Int? {
        let end = lowerBound(Self.entry(key, position: Int.max))
        guard end > 0, Self.sameKey(entries[end - 1], Self.entry(key, position: 0)) else { return nil }
        return entries[end - 1].position
    }

    /// The index of the first entry not below `target`.
    private func lowerBound(_ target: Entry) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func sameKey(_ a: Entry, _ b: Entry) -> Bool {
        a.high == b.high && a.low == b.low && a.occurrence == b.occurrence
    }

    private static func entry(_ key: EventKey, position: Int) -> Entry {
        withUnsafeBytes(of: key.task.uuid) { bytes in
            (
                bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                key.occurrence, position
            )
        }
    }
}
