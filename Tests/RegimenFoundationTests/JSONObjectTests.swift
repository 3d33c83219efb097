import RegimenFoundation
import Testing

@Suite("JSON object: a dictionary's semantics over a short member list")
struct JSONObjectTests {
    @Test(
        "random sets and removals of up to 40 keys agree with a dictionary after every step, across the hash index threshold"
    )
    func agreesWithDictionary() {
        // Deterministic pseudo-random operations (a 64-bit LCG): sets, replacements and removals, so that objects grow
        // past the index threshold (16 members), shrink below it and grow again.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var object = JSONObject()
        var model: [String: JSONValue] = [:]
        for step in 0..<4_000 {
            let key = "key\(next(40))"
            if next(4) == 0 {
                #expect(
                    object.removeValue(forKey: key) == model.removeValue(forKey: key), "step \(step): removing \(key)")
            } else {
                let value = JSONValue.integer(step)
                object[key] = value
                model[key] = value
            }
            #expect(object.count == model.count, "step \(step)")
            for probe in 0..<40 {
                #expect(object["key\(probe)"] == model["key\(probe)"], "step \(step): key\(probe)")
            }
            #expect(object == JSONObject(model.map { ($0.key, $0.value) }), "step \(step)")
        }
    }

    @Test("a repeated key keeps its last value in its first place, as the parser reads duplicate members")
    func repeatedKeyKeepsLastValue() throws {
        let object = JSONObject([("a", JSONValue.integer(1)), ("b", .integer(2)), ("a", .integer(3))])
        #expect(object.count == 2)
        #expect(object["a"] == .integer(3))
        #expect(object.keys == ["a", "b"])
        let parsed = try JSONParser.parse(bytes: Array(#"{"x": 1, "y": 2, "x": 3}"#.utf8))
        #expect(parsed == .object(["x": .integer(3), "y": .integer(2)]))
    }

    @Test("keys are told apart by their code points: é and e + U+0301 are two members, in small and in indexed objects")
    func keysCompareByCodePoints() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(composed == decomposed, "Swift's own == takes them for one")
        for filler in [0, 30] {
            var object = JSONObject((0..<filler).map { ("k\($0)", JSONValue.integer($0)) })
            object[composed] = .integer(1)
            object[decomposed] = .integer(2)
            #expect(object.count == filler + 2, "\(filler) other members")
            #expect(object[composed] == .integer(1))
            #expect(object[decomposed] == .integer(2))
            object[decomposed] = nil
            #expect(object[composed] == .integer(1) && object[decomposed] == nil)
        }
        let parsed = try JSONParser.parse(bytes: Array(#"{"\#(composed)": 1, "e\u0301": 2}"#.utf8))
        guard case .object(let members) = parsed else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == 2)
        #expect(members[decomposed] == .integer(2))
    }

    @Test("objects with the same members in another order are equal and hash alike; a different value is not equal")
    func equalityIgnoresOrder() {
        let members = (0..<30).map { ("k\($0)", JSONValue.string("v\($0)")) }
        let forward = JSONObject(members)
        let backward = JSONObject(members.reversed())
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([JSONValue.object(forward), .object(backward)]).count == 1)
        var changed = backward
        changed["k7"] = .string("other")
        #expect(forward != changed)
        changed["k7"] = nil
        #expect(forward != changed)
    }

    @Test("filter returns an object whose lookups work, from a large object down to a small one")
    func filterKeepsLookups() {
        let object = JSONObject((0..<20).map { ("k\($0)", JSONValue.integer($0)) })
        let even = object.filter { if case .integer(let number) = $0.value { number % 2 == 0 } else { false } }
        #expect(even.count == 10)
        #expect(even["k4"] == .integer(4))
        #expect(even["k5"] == nil)
        #expect(even.keys == (0..<10).map { "k\($0 * 2)" })
    }
}
