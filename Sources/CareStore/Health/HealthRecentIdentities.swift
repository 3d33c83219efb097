/// The identities of the latest `limit` top-level records without a sync identifier, each with how often it has been
/// seen (docs/health-export.md, "Identity, re-import, deletions"): an open-addressing table keyed by the identity's
/// hash half, which is already uniformly spread (SHA-256), so no hashing is done again, and a ring of the keys in
/// arrival order, so the oldest leaves when a new one comes. Looked up once per record, it had cost an eighth of the
/// reading thread as a `Dictionary` (three SipHash rounds per record).
struct HealthRecentIdentities {
    /// How many recent identities are remembered.
    let limit: Int

    private struct Slot {
        var key: HealthIdentity.Key
        var count: Int32
        var used: Bool
    }

    private var slots: [Slot]
    private let mask: Int
    private var order: [HealthIdentity.Key] = []
    private var oldest = 0

    /// A table remembering the last `limit` identities.
    init(limit: Int) {
        self.limit = limit
        var size = 1
        while size < limit * 2 { size <<= 1 }
        slots = Array(repeating: Slot(key: HealthIdentity.Key(high: 0, low: 0), count: 0, used: false), count: size)
        mask = size - 1
        order.reserveCapacity(limit)
    }

    /// How often `key` was seen among the recent identities before now (0 the first time); it counts as seen once more.
    mutating func see(_ key: HealthIdentity.Key) -> Int {
        var index = Int(truncatingIfNeeded: key.low) & mask
        while slots[index].used {
            if slots[index].key == key {
                slots[index].count += 1
                return Int(slots[index].count - 1)
            }
            index = (index + 1) & mask
        }
        if order.count < limit {
            order.append(key)
        } else {
            remove(order[oldest])
            order[oldest] = key
            oldest = (oldest + 1) % limit
            // The removal may have moved entries: find the free slot for the new key again.
            index = Int(truncatingIfNeeded: key.low) & mask
            while slots[index].used { index = (index + 1) & mask }
        }
        slots[index] = Slot(key: key, count: 1, used: true)
        return 0
    }

    /// Removes `key`, moving back the entries after it in its run so every lookup still finds its key (linear
    /// probing's deletion by backward shift).
    private mutating func remove(_ key: HealthIdentity.Key) {
        var index = Int(truncatingIfNeeded: key.low) & mask
        while slots[index].key != key || !slots[index].used {
            guard slots[index].used else { return }
            index = (index + 1) & mask
        }
        var hole = index
        var next = (hole + 1) & mask
        while slots[next].used {
            let home = Int(truncatingIfNeeded: slots[next].key.low) & mask
            // The entry at `next` may fill the hole when its home is not within (hole, next], cyclically.
            let homeAfterHole = (home - hole) & mask
            let nextAfterHole = (next - hole) & mask
            if homeAfterHole == 0 || homeAfterHole > nextAfterHole {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole].used = false
    }
}
