import Foundation
import Testing

@testable import RegimenFoundation

/// Version 7 UUIDs (RFC 9562, section 5.7): the layout, the time field, and the order they are made in.
@Suite("Time-ordered UUIDs: RFC 9562 version 7, in the order they are made")
struct TimeOrderedUUIDsTests {
    /// Hands out the given words, then zeros: pins the random bits.
    struct FixedWords: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.isEmpty ? 0 : words.removeFirst() }
    }

    /// The 48-bit time field of `uuid`.
    static func milliseconds(_ uuid: UUID) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { bytes in bytes[0..<6].reduce(0) { $0 << 8 | UInt64($1) } }
    }

    @Test("the RFC's own example: its time and random bits give its UUID, digit for digit (RFC 9562, appendix A.6)")
    func rfcExample() {
        // 2022-02-22 19:22:22.000 UTC = 0x017F22E279B0 ms; rand_a 0xCC3, rand_b 0x18C4DC0C0C07398F.
        var uuids = TimeOrderedUUIDs(random: FixedWords(words: [0xCC3, 0x18C4_DC0C_0C07_398F]))
        #expect(
            uuids.make(at: Date(timeIntervalSince1970: 1_645_557_742)).text == "017F22E2-79B0-7CC3-98C4-DC0C0C07398F")
    }

    @Test("version 7 and variant 10 whatever the random bits, and the time field is the date's whole milliseconds")
    func layout() {
        var uuids = TimeOrderedUUIDs(random: SplitMix64(seed: 7))
        var dates = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double(dates.next() % 4_000_000_000_000) / 1000 + 0.000_4)
            let uuid = uuids.make(at: date)
            #expect(uuid.uuid.6 >> 4 == 7)
            #expect(uuid.uuid.8 >> 6 == 0b10)
            #expect(Self.milliseconds(uuid) == UInt64((date.timeIntervalSince1970 * 1000).rounded(.down)))
        }
        var all = TimeOrderedUUIDs(random: FixedWords(words: [.max, .max]))
        #expect(all.make(at: Date(timeIntervalSince1970: 0)).text == "00000000-0000-7FFF-BFFF-FFFFFFFFFFFF")
    }

    @Test("dates outside the 48-bit field are clamped: before 1970 is 0, after the year 10889 is the largest time")
    func clamped() {
        var uuids = TimeOrderedUUIDs(random: SplitMix64(seed: 3))
        #expect(Self.milliseconds(uuids.make(at: Date(timeIntervalSince1970: -86_400))) == 0)
        #expect(Self.milliseconds(uuids.make(at: Date(timeIntervalSinceReferenceDate: -978_307_200.5))) == 0)
        #expect(Self.milliseconds(uuids.make(at: .distantPast)) == 0)
        #expect(Self.milliseconds(uuids.make(at: Date(timeIntervalSince1970: 3e11))) == 0xFFFF_FFFF_FFFF)
        #expect(Self.milliseconds(uuids.make(at: Date(timeIntervalSince1970: .infinity))) == 0xFFFF_FFFF_FFFF)
        #expect(Self.milliseconds(uuids.make(at: Date(timeIntervalSince1970: .nan))) == 0)
    }

    @Test("later dates give greater UUIDs, as bytes and as text, so rows made in time order have keys in that order")
    func orderedByTime() {
        var uuids = TimeOrderedUUIDs(random: SplitMix64(seed: 5))
        let start = Date(timeIntervalSince1970: 1_764_200_000)
        let made = (0..<3_000).map { uuids.make(at: start.addingTimeInterval(Double($0) * 0.37)) }
        #expect(made.map(\.text) == made.map(\.text).sorted())
        #expect(made.map(\.uuidString).sorted() == made.map(\.text))
    }

    @Test("within one millisecond the count after the version goes up by one from a random start, then starts again")
    func orderedWithinMillisecond() {
        let date = Date(timeIntervalSince1970: 1_764_200_000.125)
        // Each UUID takes two words: one for a new count's start, one for the last 62 bits.
        var uuids = TimeOrderedUUIDs(random: FixedWords(words: [0xFFD, 1, 99, 2, 3, 4, 0x0AB, 5]))
        let made = (0..<4).map { _ in uuids.make(at: date) }
        #expect(made.map { String($0.text.dropFirst(15).prefix(3)) } == ["FFD", "FFE", "FFF", "0AB"])
        #expect(made.prefix(3).map(\.text) == made.prefix(3).map(\.text).sorted())
        // A new millisecond starts a new count, from random bits.
        var next = TimeOrderedUUIDs(random: FixedWords(words: [0x100, 0, 0x200, 0]))
        _ = next.make(at: date)
        #expect(next.make(at: date.addingTimeInterval(0.0625)).text.dropFirst(15).prefix(3) == "200")
    }

    @Test("the system's random bits: 20,000 UUIDs at one date are all different, and the random part is not constant")
    func systemRandom() {
        var uuids = TimeOrderedUUIDs()
        let date = Date(timeIntervalSince1970: 1_764_200_000)
        let made = (0..<20_000).map { _ in uuids.make(at: date) }
        #expect(Set(made).count == 20_000)
        #expect(Set(made.map { $0.text.suffix(12) }).count > 19_900)
    }
}
