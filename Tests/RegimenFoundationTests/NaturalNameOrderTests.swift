import Testing

@testable import RegimenFoundation

/// `NaturalNameOrder` decides the order `regimen ingest` reads a folder's files in: numbered names by their numbers.
@Suite("Natural name order: digit runs by their value, everything else byte by byte, a total preorder")
struct NaturalNameOrderTests {
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        return left.withUnsafeBufferPointer { a in right.withUnsafeBufferPointer { b in NaturalNameOrder.compare(a, b) }
        }
    }

    /// A second reading, written another way: each name a list of tokens, a digit run being its value's digits without
    /// leading zeros (compared by count, then digit by digit), any other byte itself; lists compared element-wise.
    static func reference(_ lhs: String, _ rhs: String) -> Int {
        enum Token: Equatable {
            case byte(UInt8)
            case number([UInt8])
        }
        func tokens(_ text: String) -> [Token] {
            var result: [Token] = []
            var digits: [UInt8]?
            for byte in text.utf8 {
                if (48...57).contains(byte) {
                    digits = (digits ?? []) + [byte]
                    continue
                }
                if let run = digits { result.append(.number(Array(run.drop { $0 == 48 }))) }
                digits = nil
                result.append(.byte(byte))
            }
            if let run = digits { result.append(.number(Array(run.drop { $0 == 48 }))) }
            return result
        }
        func order(_ a: Token, _ b: Token) -> Int {
            switch (a, b) {
            case (.byte(let x), .byte(let y)): return x == y ? 0 : (x < y ? -1 : 1)
            case (.number(let x), .number(let y)):
                if x.count != y.count { return x.count < y.count ? -1 : 1 }
                return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
            // A number starts with a digit: against another byte, that digit's byte decides (never equal).
            case (.number(let x), .byte(let y)): return (x.first ?? 48) < y ? -1 : 1
            case (.byte(let x), .number(let y)): return x < (y.first ?? 48) ? -1 : 1
            }
        }
        let a = tokens(lhs)
        let b = tokens(rhs)
        for (x, y) in zip(a, b) {
            let decided = order(x, y)
            if decided != 0 { return decided }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    @Test("numbered names sort by number, other bytes by value, and a prefix first")
    func examples() {
        let names = [
            "day-10.json", "day-2.json", "day-1.json", "Day-3.json", "day-100.json", "day-9.json", "day-09.json",
            "b", "a10", "a9b", "a9a", "a", "10", "9", "2026-11-02.json", "2026-11-10.json", "2026-2-1.json",
        ]
        let sorted = names.sorted { Self.compare($0, $1) < 0 || (Self.compare($0, $1) == 0 && $0 < $1) }
        #expect(
            sorted == [
                "9", "10", "2026-2-1.json", "2026-11-02.json", "2026-11-10.json", "Day-3.json", "a", "a9a", "a9b",
                "a10", "b",
                "day-1.json", "day-2.json", "day-09.json", "day-9.json", "day-10.json", "day-100.json",
            ])
        #expect(Self.compare("day-09.json", "day-9.json") == 0)
        #expect(Self.compare("x0", "x") == 1)
        #expect(Self.compare("x00", "x0") == 0)
        #expect(Self.compare("", "") == 0)
    }

    @Test("agrees with the token reading on 20,000 random pairs of short names, and is transitive on 20,000 triples")
    func randomNames() {
        var random = SplitMix64(seed: 0x4E41_5455)
        let alphabet = Array("ab-.0019".utf8)
        func name() -> String {
            let length = Int.random(in: 0...6, using: &random)
            return String(
                decoding: (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 97 }, as: UTF8.self)
        }
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let (a, b) = (name(), name())
            let mine = Self.compare(a, b).signum()
            if mine != Self.reference(a, b) || mine != -Self.compare(b, a).signum() {
                disagreements.append("\(a) \(b)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        var broken: [String] = []
        for _ in 0..<20_000 {
            let (a, b, c) = (name(), name(), name())
            if Self.compare(a, b) <= 0 && Self.compare(b, c) <= 0 && Self.compare(a, c) > 0 {
                broken.append("\(a) \(b) \(c)")
            }
        }
        #expect(broken.isEmpty, "\(broken.prefix(5))")
    }

    /// `appendSortKey`'s bytes, compared as bytes, must order two names exactly as `compare` does.
    static func keyOrder(_ lhs: String, _ rhs: String) -> Int {
        func key(_ text: String) -> [UInt8] {
            var key: [UInt8] = []
            Array(text.utf8).withUnsafeBufferPointer { NaturalNameOrder.appendSortKey(of: $0, to: &key) }
            return key
        }
        let (a, b) = (key(lhs), key(rhs))
        return a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
    }

    @Test("sort keys compared byte by byte agree with compare on the examples and 20,000 random pairs")
    func sortKeys() {
        let examples = [
            ("day-09.json", "day-9.json"), ("x0", "x"), ("x00", "x0"), ("", ""), ("a9b", "a10"), ("9", "10"),
            ("a/1", "a.1"), ("a:1", "a1"),
            ("1" + String(repeating: "0", count: 300), "9" + String(repeating: "9", count: 299)),
        ]
        for (a, b) in examples {
            #expect(Self.keyOrder(a, b) == Self.compare(a, b).signum(), "\(a) \(b)")
            #expect(Self.keyOrder(b, a) == Self.compare(b, a).signum(), "\(b) \(a)")
        }
        var random = SplitMix64(seed: 0x4B45_5953)
        let alphabet = Array("ab-/:.0019\u{0}".utf8)
        func name() -> String {
            let length = Int.random(in: 0...8, using: &random)
            return String(
                decoding: (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 97 }, as: UTF8.self)
        }
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let (a, b) = (name(), name())
            if Self.keyOrder(a, b) != Self.compare(a, b).signum() {
                disagreements.append("\(a.debugDescription) \(b.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
