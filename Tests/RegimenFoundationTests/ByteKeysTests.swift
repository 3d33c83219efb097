import Testing

@testable import RegimenFoundation

/// `ByteKeys` puts `regimen ingest`'s files in order (by path, and by their names' natural sort keys): its order must
/// be exactly the byte order of the keys, ties in the order added, whatever prefix the keys share.
@Suite("Byte keys: indexes sorted by the bytes of their keys, ties in the order added")
struct ByteKeysTests {
    /// The order worked out directly: keys compared as byte sequences, then by index.
    static func reference(_ keys: [[UInt8]]) -> [Int] {
        keys.indices.sorted { first, second in
            keys[first] != keys[second] ? keys[first].lexicographicallyPrecedes(keys[second]) : first < second
        }
    }

    static func sorted(_ keys: [[UInt8]]) -> [Int] {
        var byteKeys = ByteKeys()
        for key in keys { byteKeys.append(key) }
        return byteKeys.sortedIndexes()
    }

    @Test("names sharing a long prefix, prefixes of each other, zero bytes past the eighth, and repeats")
    func examples() {
        let keys: [[UInt8]] = [
            Array("checkin-10.json".utf8), Array("checkin-1.json".utf8), Array("checkin-100.json".utf8),
            Array("checkin-".utf8), Array("checkin-1.json".utf8), Array("checkin-".utf8) + [0],
            Array("checkin-12345678".utf8) + [0, 0], Array("checkin-12345678".utf8),
            Array("checkin-12345678".utf8) + [0],
            Array("checkin-12345678".utf8) + [0, 1], [],
        ]
        #expect(Self.sorted(keys) == Self.reference(keys))
        #expect(Self.sorted(keys).first == 10)
        #expect(Self.sorted([]) == [])
        #expect(Self.sorted([[3]]) == [0])
        #expect(Self.sorted([[1, 2], [1, 2]]) == [0, 1])
    }

    @Test("agrees with the direct order on 300 random sets of keys over a small alphabet and a shared prefix")
    func randomKeys() {
        var random = SplitMix64(seed: 0x4259_5445)
        var mismatches: [[[UInt8]]] = []
        for round in 0..<300 {
            let prefix = Array(repeating: UInt8(7), count: round % 12)
            let keys = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                prefix
                    + (0..<Int.random(in: 0...14, using: &random)).map { _ in
                        [0, 1, 255, 48][Int.random(in: 0...3, using: &random)]
                    }
            }
            if Self.sorted(keys) != Self.reference(keys) { mismatches.append(keys) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.first ?? [])")
    }
}
