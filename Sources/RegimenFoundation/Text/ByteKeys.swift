#if canImport(Glibc)
    import Glibc
#endif

/// Byte strings held end to end in one buffer, to be put in order by their bytes: the sort keys of many names (a
/// folder's paths, `NaturalNameOrder.appendSortKey`). Sorting indexes with a comparison that reaches each key through
/// its entry and compares it byte by byte cost about 13 ns a comparison; here each key's first eight bytes after the
/// prefix all of them share are taken once as a number, and two keys are compared whole only when those are equal
/// (docs/performance.md, "Ingest").
package struct ByteKeys {
    private var bytes: [UInt8] = []
    /// Where each key ends in `bytes` (it starts where the one before ends).
    private var ends: [Int] = []

    /// No keys.
    package init() {}

    /// Makes room for `count` keys of `bytes` bytes in all.
    package mutating func reserveCapacity(keys count: Int, bytes total: Int) {
        ends.reserveCapacity(count)
        bytes.reserveCapacity(total)
    }

    /// Appends `value`'s four bytes to `key`, most significant first, so that numbers compare as their bytes do.
    package static func appendBigEndian(_ value: UInt32, to key: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) {
            key.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    /// The number of keys.
    package var count: Int { ends.count }

    /// Adds a key, written by `write` at the end of the buffer.
    package mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        ends.append(bytes.count)
    }

    /// Adds the key `key`.
    package mutating func append(_ key: some Sequence<UInt8>) {
        append { $0.append(contentsOf: key) }
    }

    /// The keys' indexes in the order of their bytes (a key that is a prefix of another first), equal keys in the
    /// order they were added.
    package func sortedIndexes() -> [Int] {
        guard count > 1 else { return Array(0..<count) }
        return bytes.withUnsafeBufferPointer { all in
            func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
            }
            // The prefix every key shares adds nothing to their order.
            var shared = key(0).count
            for index in 1..<count where shared > 0 {
                let other = key(index)
                shared = min(shared, other.count)
                var same = 0
                while same < shared && other[same] == all[same] { same += 1 }
                shared = same
            }
            /// The key past the shared prefix.
            func rest(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: key(index)[shared...])
            }
            struct Entry {
                var head: UInt64
                var index: Int32
            }
            var entries: [Entry] = []
            entries.reserveCapacity(count)
            for index in 0..<count {
                // Big-endian, missing bytes as zeros: the numbers are in the order of the bytes they were taken from,
                // except that a key ending early ties with one going on in zeros, which the whole comparison settles.
                var head: UInt64 = 0
                for (offset, byte) in rest(index).prefix(8).enumerated() { head |= UInt64(byte) << (56 - 8 * offset) }
                entries.append(Entry(head: head, index: Int32(index)))
            }
            Self.radixSort(&entries, head: \.head)
            // Equal heads, in the order added: put in order by the rest of their keys.
            var start = 0
            while start < entries.count {
                var end = start + 1
                while end < entries.count && entries[end].head == entries[start].head { end += 1 }
                if end - start > 1 {
                    entries[start..<end].sort { (first: Entry, second: Entry) -> Bool in
                        let (a, b) = (rest(Int(first.index)), rest(Int(second.index)))
                        let common = min(a.count, b.count)
                        if common > 0 {
                            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
                            if order != 0 { return order < 0 }
                        }
                        return a.count != b.count ? a.count < b.count : first.index < second.index
                    }
                }
                start = end
            }
            return entries.map { Int($0.index) }
        }
    }

    /// Sorts `elements` by `head`, stably: a byte at a time from the lowest (least significant digit first), each
    /// byte counted and its elements placed in one pass, bytes that are the same in every head skipped. For 10,000
    /// names the standard library's comparison sort took about 0.75 ms, on the path every ingest waits for.
    private static func radixSort<Element>(_ elements: inout [Element], head: (Element) -> UInt64) {
        let count = elements.count
        guard count > 1 else { return }
        var counts = [Int](repeating: 0, count: 8 * 256)
        for element in elements {
            let value = head(element)
            for digit in 0..<8 {
                counts[digit * 256 + Int(truncatingIfNeeded: value >> (8 * UInt64(digit)) & 0xFF)] += 1
            }
        }
        var other = elements
        for digit in 0..<8 {
            let base = digit * 256
            // A byte every head has alike moves nothing.
            if counts[base + Int(truncatingIfNeeded: head(elements[0]) >> (8 * UInt64(digit)) & 0xFF)] == count {
                continue
            }
            var position = 0
            for bucket in 0..<256 {
                let size = counts[base + bucket]
                counts[base + bucket] = position
                position += size
            }
            for element in elements {
                let bucket = base + Int(truncatingIfNeeded: head(element) >> (8 * UInt64(digit)) & 0xFF)
                other[counts[bucket]] = element
                counts[bucket] += 1
            }
            swap(&elements, &other)
        }
    }
}
