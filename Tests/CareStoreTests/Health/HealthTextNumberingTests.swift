import Testing

@testable import CareStore

/// The reader's numbers for the texts samples repeat (docs/health-export.md, "How the store keeps an export"): a text
/// keeps its number, numbers are dense from 0, each batch carries only the texts new since the one before, and past
/// `HealthTextNumbering.limit` texts numbering starts afresh at a batch boundary, which that batch says.
@Suite("Health text numbering on the reading thread")
struct HealthTextNumberingTests {
    @Test("the same text always gets the same number")
    func sameTextSameNumber() {
        var numbering = HealthTextNumbering()
        let steps = numbering.number("HKQuantityTypeIdentifierStepCount")
        _ = numbering.number("count")
        #expect(numbering.number("HKQuantityTypeIdentifierStepCount") == steps)
        _ = numbering.takeNew()
        #expect(numbering.number("HKQuantityTypeIdentifierStepCount") == steps, "a batch boundary keeps the numbers")
    }

    @Test("numbers are dense from 0, in the order texts are first seen")
    func denseFromZero() {
        var numbering = HealthTextNumbering()
        let texts = ["a", "b", "a", "c", "b", "d"]
        #expect(texts.map { numbering.number($0) } == [0, 1, 0, 2, 1, 3])
        #expect(numbering.takeNew().texts == ["a", "b", "c", "d"], "the new texts are in number order")
    }

    @Test("takeNew gives only the texts numbered since the last call, and nothing when there are none")
    func takeNewOnlyNew() {
        var numbering = HealthTextNumbering()
        _ = numbering.number("a")
        _ = numbering.number("b")
        let first = numbering.takeNew()
        #expect(first.texts == ["a", "b"])
        #expect(!first.restarted)
        _ = numbering.number("b")
        #expect(numbering.number("c") == 2)
        _ = numbering.number("a")
        let second = numbering.takeNew()
        #expect(second.texts == ["c"])
        #expect(!second.restarted)
        let third = numbering.takeNew()
        #expect(third.texts.isEmpty)
        #expect(!third.restarted)
    }

    @Test("after 4096 distinct texts the next batch reports restarted, and numbering starts at 0 again")
    func restartsAfterLimit() {
        #expect(HealthTextNumbering.limit == 4096)
        var numbering = HealthTextNumbering()
        for index in 0..<4095 { #expect(numbering.number("text \(index)") == Int64(index)) }
        #expect(!numbering.takeNew().restarted)
        // One more text reaches the limit within a batch; numbering goes on until the batch ends.
        #expect(numbering.number("text 4095") == 4095)
        #expect(numbering.number("text 4096") == 4096)
        let full = numbering.takeNew()
        #expect(full.texts == ["text 4095", "text 4096"])
        #expect(!full.restarted, "the batch whose texts passed the limit still uses the old numbers")
        // The next batch starts afresh: a text seen before is new again, at 0.
        #expect(numbering.number("text 7") == 0)
        #expect(numbering.number("fresh") == 1)
        #expect(numbering.number("text 7") == 0)
        let next = numbering.takeNew()
        #expect(next.restarted)
        #expect(next.texts == ["text 7", "fresh"])
        let after = numbering.takeNew()
        #expect(!after.restarted, "only the first batch after the limit says so")
        #expect(numbering.number("fresh") == 1)
    }

    @Test("a batch with no texts at all after the limit still reports the restart")
    func emptyBatchAfterLimit() {
        var numbering = HealthTextNumbering()
        for index in 0..<4096 { _ = numbering.number("text \(index)") }
        _ = numbering.takeNew()
        let empty = numbering.takeNew()
        #expect(empty.restarted)
        #expect(empty.texts.isEmpty)
    }
}
