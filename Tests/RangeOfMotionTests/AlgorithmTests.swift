import Foundation
import Testing

@testable import RangeOfMotion

/// ResearchKit's per-sample replay on small hand-computed recordings (docs/range-of-motion.md, "The per-sample
/// procedure" and "Quirks kept for identical numbers").
@Suite("ResearchKit range-of-motion algorithm")
struct AlgorithmTests {
    typealias T = TestSupport

    @Test(
        "rule 1 of docs/range-of-motion.md, \"Quirks kept for identical numbers\" example: rotations about x of 0, 0.5, 1, 2° → start 90, finish 88, minimum 88, maximum 89.5, range 1.5"
    )
    func zeroSentinelExample() {
        let m = RangeOfMotionCalculator.measure(T.recording([0, 0.5, 1, 2].map(T.rotationX)), orientation: .portrait)
        #expect(close(m.start, 90))
        #expect(close(m.finish, 88))
        #expect(close(m.minimum, 88))
        #expect(close(m.maximum, 89.5))
        #expect(close(m.range, 1.5))
        #expect(m.sampleCount == 4)
    }

    @Test(
        "docs/range-of-motion.md, \"The per-sample procedure\" worked example: startAngle 10; angles 0, 20, 45, 60, 30, 5 → 80, 75, 20, 75, 55"
    )
    func researchKitWorkedExample() {
        let m = RangeOfMotionCalculator.measure(
            T.recording([10, 30, 55, 70, 40, 15].map(T.rotationX)), orientation: .portrait)
        #expect(close(m.start, 80))
        #expect(close(m.finish, 75))
        #expect(close(m.minimum, 20))
        #expect(close(m.maximum, 75))
        #expect(close(m.range, 55))
    }

    @Test(
        "rule 4 of docs/range-of-motion.md, \"Quirks kept for identical numbers\": no samples → start = finish = minimum = maximum = 90, range 0"
    )
    func noSamples() {
        let m = RangeOfMotionCalculator.measure(MotionRecording(samples: []), orientation: .landscape)
        #expect([m.start, m.finish, m.minimum, m.maximum] == [90, 90, 90, 90])
        #expect(m.range == 0)
        #expect(m.sampleCount == 0)
    }

    @Test(
        "rule 4 of docs/range-of-motion.md, \"Quirks kept for identical numbers\": one sample at 30° about x → every value 90 − 30 = 60, range 0"
    )
    func oneSample() {
        let m = RangeOfMotionCalculator.measure(T.recording([T.rotationX(30)]), orientation: .portrait)
        for value in [m.start, m.finish, m.minimum, m.maximum] { #expect(close(value, 60)) }
        #expect(m.range == 0)
    }

    @Test(
        "rule 1 of docs/range-of-motion.md, \"Quirks kept for identical numbers\": two samples 0 and 10° → the sentinel takes 10 as the minimum: range 0, not 10"
    )
    func twoSamples() {
        let m = RangeOfMotionCalculator.measure(T.recording([T.rotationX(0), T.rotationX(10)]), orientation: .portrait)
        #expect(close(m.start, 90))
        #expect(close(m.finish, 80))
        #expect(close(m.minimum, 80))
        #expect(close(m.maximum, 80))
        #expect(close(m.range, 0))
    }

    @Test(
        "the first sample's relative angle is exactly 0.0 for any reference (sentinel depends on it) (docs/range-of-motion.md, \"Quaternions and attitude\")"
    )
    func firstRelativeAngleIsExactlyZero() {
        for reference in [T.rotationX(37.3), T.rotationZ(63) * T.rotationY(-12) * T.rotationX(101)] {
            let relative = reference.conjugate * reference
            #expect(relative.x == 0 && relative.y == 0 && relative.z == 0)
            #expect(Orientation.portrait.degrees(of: relative) == 0)
            #expect(Orientation.landscape.degrees(of: relative) == 0)
        }
    }

    @Test(
        "the sentinel re-arms when the angle returns to exactly 0.0 (0, 10, 0, 20 → minAngle 20) (docs/range-of-motion.md, \"The per-sample procedure\")"
    )
    func sentinelRearms() {
        let m = RangeOfMotionCalculator.measure(
            T.recording([0, 10, 0, 20].map(T.rotationX)), orientation: .portrait)
        // minAngle: 0 → 10 → 0 (0 < 10) → 20 (sentinel); maxAngle 20.
        #expect(close(m.maximum, 70))
        #expect(close(m.minimum, 70))
        #expect(close(m.finish, 70))
        #expect(close(m.range, 0))
    }

    @Test(
        "start uses the first sample's absolute angle; values are relative to it (30 → 40, 50, 20°) (docs/range-of-motion.md, \"The per-sample procedure\")"
    )
    func startIsAbsoluteOthersRelative() {
        let m = RangeOfMotionCalculator.measure(T.recording([30, 40, 50, 20].map(T.rotationX)), orientation: .portrait)
        // startAngle 30; relative 0, 10, 20, −10; maxAngle 20; minAngle 10 then −10.
        #expect(close(m.start, 60))
        #expect(close(m.finish, 70))
        #expect(close(m.minimum, 40))
        #expect(close(m.maximum, 70))
        #expect(close(m.range, 30))
    }

    @Test(
        "rule 2 of docs/range-of-motion.md, \"Quirks kept for identical numbers\": maxAngle starts at 0, so only-negative motion gives minimum = start"
    )
    func maxAngleStartsAtZero() {
        let m = RangeOfMotionCalculator.measure(
            T.recording([0, -5, -25, -15].map(T.rotationX)), orientation: .portrait)
        #expect(close(m.minimum, 90))
        #expect(close(m.maximum, 115))
        #expect(close(m.finish, 105))
        #expect(close(m.range, 25))
    }

    @Test(
        "relative angles in (90°, 180°] are shifted by −360° (0, 100° → newAngle −260) (docs/range-of-motion.md, \"The per-sample procedure\")"
    )
    func shiftedBand() {
        let m = RangeOfMotionCalculator.measure(T.recording([0, 100].map(T.rotationX)), orientation: .portrait)
        #expect(close(m.finish, 350))
        #expect(close(m.maximum, 350))
        #expect(close(m.minimum, 90))
        #expect(close(m.range, 260))
    }

    @Test(
        "rule 3 of docs/range-of-motion.md, \"Quirks kept for identical numbers\": the shift never applies to startAngle (start at 120° → start −30)"
    )
    func noShiftForStart() {
        let m = RangeOfMotionCalculator.measure(T.recording([T.rotationX(120)]), orientation: .portrait)
        #expect(close(m.start, -30))
    }

    @Test(
        "landscape uses rollAll, rotation about y (0, 30, −20° → range 50) (docs/range-of-motion.md, \"Angle formulas\")"
    )
    func landscapeUsesRoll() {
        let attitudes = [0, 30, -20].map(T.rotationY)
        let landscape = RangeOfMotionCalculator.measure(T.recording(attitudes), orientation: .landscape)
        #expect(close(landscape.start, 90))
        #expect(close(landscape.finish, 110))
        #expect(close(landscape.minimum, 60))
        #expect(close(landscape.maximum, 110))
        #expect(close(landscape.range, 50))
        // Portrait's pitch formula does not see a rotation about y.
        let portrait = RangeOfMotionCalculator.measure(T.recording(attitudes), orientation: .portrait)
        #expect(close(portrait.range, 0))
    }

    @Test(
        "q_rel = conj(q_ref) ⊗ q_cur (body frame), not q_cur ⊗ conj(q_ref) (docs/range-of-motion.md, \"Quaternions and attitude\")"
    )
    func compositionOrder() {
        // Reference yawed 60° (pitch 0); then rotations about the *device* x axis by 20° and 5°.
        let reference = T.rotationZ(60)
        let m = RangeOfMotionCalculator.measure(
            T.recording([reference, reference * T.rotationX(20), reference * T.rotationX(5)]), orientation: .portrait)
        // Body-frame order: relative 0, 20, 5 → maxAngle 20, minAngle 20 then 5.
        #expect(close(m.start, 90))
        #expect(close(m.minimum, 70))
        #expect(close(m.maximum, 85))
        #expect(close(m.finish, 85))
        #expect(close(m.range, 15))
        // The other order sees a rotation about a world axis and a different pitch.
        let worldOrder = (reference * T.rotationX(20)) * reference.conjugate
        #expect(!close(Orientation.portrait.degrees(of: worldOrder), 20, 1))
    }

    @Test(
        "P(q) = θ for a pure rotation θ about x; a pure yaw below 90° gives P = 0 (docs/range-of-motion.md, \"Angle formulas\")"
    )
    func pitchFormula() {
        for angle in [-170.0, -45, 0, 12.5, 89, 135] {
            #expect(close(Orientation.portrait.degrees(of: T.rotationX(angle)), angle))
            #expect(close(Orientation.landscape.degrees(of: T.rotationY(angle)), angle))
        }
        #expect(close(Orientation.portrait.degrees(of: T.rotationZ(80)), 0))
    }

    @Test(
        "rule 6 of docs/range-of-motion.md, \"Quirks kept for identical numbers\": samples are used in file order, not timestamp order"
    )
    func fileOrder() {
        let samples = [(0.0, 3.0), (10.0, 1.0), (40.0, 2.0)].map {
            MotionSample(attitude: T.rotationX($0.0), timestamp: $0.1)
        }
        let m = RangeOfMotionCalculator.measure(MotionRecording(samples: samples), orientation: .portrait)
        #expect(close(m.finish, 50))  // last in the file is 40°, though its timestamp is not the latest
    }

    @Test(
        "orientation guess from the first sample's gravity: landscape iff |g.x| > |g.y| (docs/range-of-motion.md, \"What the numbers mean\")"
    )
    func orientationGuess() {
        #expect(Orientation.guess(fromGravity: Vector3(x: -0.9, y: 0.3, z: 0.1)) == .landscape)
        #expect(Orientation.guess(fromGravity: Vector3(x: 0.3, y: -0.9, z: 0.1)) == .portrait)
        #expect(Orientation.guess(fromGravity: Vector3(x: 0.5, y: -0.5, z: 0)) == .portrait)
        let landscapeFirst = MotionRecording(samples: [
            MotionSample(attitude: T.rotationY(0), gravity: Vector3(x: 1, y: 0, z: 0)),
            MotionSample(attitude: T.rotationY(30), gravity: Vector3(x: 0, y: -1, z: 0)),
        ])
        let guessed = RangeOfMotionCalculator.measure(landscapeFirst)
        #expect(guessed.orientation == .landscape)
        #expect(guessed.orientationWasGuessed)
        #expect(close(guessed.finish, 60))
        let given = RangeOfMotionCalculator.measure(landscapeFirst, orientation: .portrait)
        #expect(given.orientation == .portrait)
        #expect(!given.orientationWasGuessed)
        // Without gravity the guess is portrait, ResearchKit's formula for an unknown orientation
        // (docs/range-of-motion.md, "Angle formulas").
        #expect(RangeOfMotionCalculator.measure(T.recording([T.rotationY(5)])).orientation == .portrait)
    }
}
