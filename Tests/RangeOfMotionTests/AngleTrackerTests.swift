import Testing

@testable import RangeOfMotion

/// Joining a part's angles (`AngleSegment`) onto a tracker must leave it exactly as adding them one by one, the
/// minimum's zero sentinel included (docs/range-of-motion.md, "Reading long recordings").
@Suite("Angles of a part joined onto the samples before it")
struct AngleTrackerTests {
    typealias T = TestSupport

    /// Attitudes whose angles relative to the first are `degrees` about x; `nil` repeats the first attitude, whose
    /// relative angle is then exactly 0.
    static func attitudes(_ degrees: [Double?]) -> [Quaternion] {
        let reference = T.rotationX(50)
        return degrees.map { degrees in degrees.map { T.rotationX(50 - $0) } ?? reference }
    }

    /// The tracker's state after `attitudes` one by one, and after the first `head` one by one and the rest as
    /// segments cut at `cuts` (offsets into the rest).
    static func bothWays(_ attitudes: [Quaternion], head: Int, cuts: [Int]) -> (
        oneByOne: AngleTracker, joined: AngleTracker
    ) {
        var oneByOne = AngleTracker(orientation: .portrait)
        for attitude in attitudes { oneByOne.add(attitude) }
        var joined = AngleTracker(orientation: .portrait)
        for attitude in attitudes[..<head] { joined.add(attitude) }
        let rest = Array(attitudes[head...])
        var start = 0
        for end in cuts + [rest.count] {
            var segment = AngleSegment(reference: attitudes[0], orientation: .portrait)
            for attitude in rest[start..<end] { segment.add(attitude) }
            let appended = joined.append(segment)
            #expect(appended)
            start = end
        }
        return (oneByOne, joined)
    }

    static func same(_ a: AngleTracker, _ b: AngleTracker) -> Bool {
        a.minAngle.bitPattern == b.minAngle.bitPattern && a.maxAngle.bitPattern == b.maxAngle.bitPattern
            && a.newAngle.bitPattern == b.newAngle.bitPattern
    }

    @Test("a part holding angles of exactly 0 joins as one by one: minimum above 0, below 0 and at its sentinel")
    func zerosInAPart() {
        // The first sample is the reference (angle 0); each case is the samples after it, then a part.
        let cases: [(before: [Double?], part: [Double?])] = [
            ([5, 3], [4, nil, 7, 6]),  // a minimum above 0 meets the part's 0: replaced, then 7 replaces the 0
            ([5, -3], [4, nil, 7, 6]),  // a minimum below 0 stays a plain minimum
            ([5, 3], [-2, nil, 7]),  // the part falls below 0 before its 0: a plain minimum from there
            ([5, nil], [7, 6, nil, 9]),  // the minimum at its sentinel when the part starts
            ([5], [nil]),  // a part of just a 0
            ([5], [nil, nil, 8, nil]),
        ]
        for (before, part) in cases {
            let attitudes = Self.attitudes([0] + before + part)
            let both = Self.bothWays(attitudes, head: 1 + before.count, cuts: [])
            #expect(Self.same(both.oneByOne, both.joined), "\(before) then \(part)")
        }
    }

    @Test("random runs of angles with zeros, cut anywhere, join exactly as one by one")
    func randomCuts() {
        var random = SystemRandomNumberGenerator()
        let choices: [Double?] = [nil, nil, -20, -5, -0.5, 0.5, 3, 12, 30]
        for _ in 0..<3_000 {
            let count = Int.random(in: 2...14, using: &random)
            let degrees: [Double?] = [0] + (1..<count).map { _ in choices.randomElement(using: &random)! }
            let attitudes = Self.attitudes(degrees)
            let head = Int.random(in: 1..<count, using: &random)
            let restCount = count - head
            let cuts = Array(
                Set(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        Int.random(in: 1...max(1, restCount - 1), using: &random)
                    }
                ).filter { $0 < restCount }
            ).sorted()
            let both = Self.bothWays(attitudes, head: head, cuts: cuts)
            #expect(Self.same(both.oneByOne, both.joined), "\(degrees), head \(head), cuts \(cuts)")
        }
    }
}
