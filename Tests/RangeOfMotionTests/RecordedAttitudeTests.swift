import Foundation
import Testing

@testable import RangeOfMotion

/// Attitudes that are not unit quaternions (issue 11 item 4; docs/answer-validation.md, "Motion recordings"):
/// normalized when close to unit, refused with the sample index otherwise, never turned into a wrong angle.
@Suite("Recorded attitudes: unit length")
struct RecordedAttitudeTests {
    typealias T = TestSupport

    /// A knee-like motion about x: 0, 10, 40, 80, 20 degrees.
    static let unit = [0.0, 10, 40, 80, 20].map { T.rotationX($0) }

    static func json(_ attitudes: [Quaternion]) -> String {
        "["
            + attitudes.map { q in
                T.item(attitude: "\"x\":\(q.x),\"y\":\(q.y),\"z\":\(q.z),\"w\":\(q.w)")
            }.joined(separator: ",") + "]"
    }

    static func scaled(_ q: Quaternion, _ factor: Double) -> Quaternion {
        Quaternion(x: q.x * factor, y: q.y * factor, z: q.z * factor, w: q.w * factor)
    }

    @Test("Attitudes 0.4% too long (rounded when written) give the angles of the unit ones, not shifted ones")
    func nearUnitNormalized() throws {
        let expected = RangeOfMotionCalculator.measure(T.recording(Self.unit))
        let long = try T.decode(Self.json(Self.unit.map { Self.scaled($0, 1.004) }))
        let measured = RangeOfMotionCalculator.measure(long)
        for (got, want) in [
            (measured.start, expected.start), (measured.finish, expected.finish),
            (measured.minimum, expected.minimum), (measured.maximum, expected.maximum),
            (measured.range, expected.range),
        ] {
            #expect(close(got, want, 1e-9), "\(got) vs \(want)")
        }
        for sample in long.samples {
            let q = sample.attitude
            #expect(close((q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot(), 1, 1e-15))
        }
        // Without normalization the same numbers would have been off by a clear margin.
        let raw = RangeOfMotionCalculator.measure(T.recording(Self.unit.map { Self.scaled($0, 1.004) }))
        #expect(abs(raw.maximum - expected.maximum) > 0.05)
    }

    @Test("Attitudes within 1e-6 of unit length are kept bit for bit (ResearchKit parity)")
    func nearlyExactKept() throws {
        let slightly = Self.unit.map { Self.scaled($0, 1 + 5e-7) }
        let decoded = try T.decode(Self.json(slightly))
        #expect(decoded.samples.map(\.attitude) == slightly)
    }

    @Test("A zero quaternion is refused with its sample index")
    func zero() {
        var attitudes = Self.unit
        attitudes[3] = Quaternion(x: 0, y: 0, z: 0, w: 0)
        let error = T.decodeError(Self.json(attitudes))
        #expect(error == .invalidItem(index: 3, field: "attitude", problem: .zeroQuaternion))
        #expect(error?.description == "items[3].attitude: the quaternion is zero, not an attitude")
    }

    @Test("A quaternion far from unit length is refused with its sample index", arguments: [1.02, 0.98, 2.0, 1e-8])
    func far(factor: Double) {
        var attitudes = Self.unit
        attitudes[1] = Self.scaled(attitudes[1], factor)
        #expect(
            T.decodeError(Self.json(attitudes))
                == .invalidItem(index: 1, field: "attitude", problem: .notUnitQuaternion))
    }

    @Test("A non-finite component (only possible for samples built in code) is refused by init(checking:)")
    func notFinite() {
        let samples = [
            MotionSample(attitude: Self.unit[0]), MotionSample(attitude: Quaternion(x: .nan, y: 0, z: 0, w: 1)),
        ]
        #expect(throws: MotionRecordingError.invalidItem(index: 1, field: "attitude", problem: .notFinite)) {
            try MotionRecording(checking: samples)
        }
    }
}
