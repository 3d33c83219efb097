import Foundation
import RegimenFoundation
import Testing

@testable import CareModel

/// `EventIndex` stands in for a dictionary keyed by `EventKey` on the care feed's path: it must find exactly what the
/// dictionary would, first or last position alike.
@Suite("Event keys found by binary search")
struct EventIndexTests {
    @Test("first and last positions equal a dictionary's, over random keys with repeats; absent keys are nil")
    func matchesDictionary() {
        var random = SplitMix64(seed: 0xE7E17)
        let tasks = (0..<5).map {
            UUID(uuid: (UInt8($0), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(255 - $0)))
        }
        let keys = (0..<400).map { _ in
            EventKey(
                task: tasks[Int.random(in: 0..<tasks.count, using: &random)],
                occurrence: Int.random(in: -3...40, using: &random))
        }
        var first: [EventKey: Int] = [:]
        var last: [EventKey: Int] = [:]
        for (position, key) in keys.enumerated() {
            if first[key] == nil { first[key] = position }
            last[key] = position
        }
        let index = EventIndex(keys)
        for task in tasks + [UUID(uuid: (9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9))] {
            for occurrence in -5...45 {
                let key = EventKey(task: task, occurrence: occurrence)
                #expect(index.first(of: key) == first[key])
                #expect(index.last(of: key) == last[key])
            }
        }
        #expect(EventIndex([]).first(of: EventKey(task: tasks[0], occurrence: 0)) == nil)
        #expect(EventIndex([]).last(of: EventKey(task: tasks[0], occurrence: 0)) == nil)
    }
}
