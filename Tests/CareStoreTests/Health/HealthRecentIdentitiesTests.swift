import RegimenFoundation
import Testing

@testable import CareStore

/// The table of recent record identities behind telling identical records apart (docs/health-export.md, "Identity,
/// re-import, deletions"): it must answer exactly as a dictionary with a first-in-first-out window would.
struct HealthRecentIdentitiesTests {
    /// The reference: a dictionary of counts and the keys in arrival order, the oldest forgotten past `limit`.
    struct Model {
        let limit: Int
        var counts: [HealthIdentity.Key: Int] = [:]
        var order: [HealthIdentity.Key] = []

        mutating func see(_ key: HealthIdentity.Key) -> Int {
            if let seen = counts[key] {
                counts[key] = seen + 1
                return seen
            }
            if order.count == limit { counts[order.removeFirst()] = nil }
            order.append(key)
            counts[key] = 1
            return 0
        }
    }

    @Test(
        "Random keys from a small pool, many sharing the slot bits, with windows of 1 to 64: every answer equals the dictionary model's",
        arguments: [1, 2, 7, 8, 64])
    func matchesModel(limit: Int) {
        var random = SplitMix64(seed: UInt64(limit))
        var table = HealthRecentIdentities(limit: limit)
        var model = Model(limit: limit)
        for step in 0..<20_000 {
            // Low halves from a pool of 3 × limit values, half of them equal in their low bits, so runs collide and
            // deletions shift entries across the table's end.
            let pick = random.next() % UInt64(limit * 3)
            let low = pick.isMultiple(of: 2) ? (pick << 40) : pick
            let key = HealthIdentity.Key(high: pick % 5, low: low)
            let expected = model.see(key)
            let answer = table.see(key)
            if answer != expected {
                Issue.record("step \(step): \(key) seen \(answer) times, the model says \(expected)")
                return
            }
        }
    }

    @Test("A key seen again within the window counts up; once the window has moved past it, it is new again")
    func window() {
        var table = HealthRecentIdentities(limit: 3)
        let a = HealthIdentity.Key(high: 1, low: 1)
        #expect(table.see(a) == 0)
        #expect(table.see(a) == 1)
        #expect(table.see(a) == 2)
        for low in 2...4 { #expect(table.see(HealthIdentity.Key(high: 1, low: UInt64(low))) == 0) }
        #expect(table.see(a) == 0)
    }
}
