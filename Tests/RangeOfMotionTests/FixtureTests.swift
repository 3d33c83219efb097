import Foundation
import SystemPackage
import Testing

@testable import RangeOfMotion

/// The recordings in ../shared/fixtures/motion (see SOURCES.md there); skipped when the folder is absent.
@Suite("Device-motion fixtures", .enabled(if: TestSupport.fixturesAvailable, "../shared/fixtures/motion is absent"))
struct FixtureTests {
    typealias T = TestSupport

    /// Loads and measures a fixture with the orientation guessed, and checks that measuring it while streaming
    /// the file gives exactly the same values.
    func measure(_ name: String, orientation: Orientation? = nil) throws -> (MotionRecording, RangeOfMotionMeasurement)
    {
        let recording = try MotionRecording.load(contentsOf: FilePath(T.fixture(name).path))
        let measurement = RangeOfMotionCalculator.measure(recording, orientation: orientation)
        #expect(
            try RangeOfMotionCalculator.measure(contentsOf: FilePath(T.fixture(name).path), orientation: orientation)
                == measurement)
        return (recording, measurement)
    }

    @Test(
        "real mhealthtools file (bare array, E-notation, no timestampSince1970): phone still and face up → start ≈ 90, range < 1"
    )
    func realStillPhone() throws {
        let (recording, m) = try measure("mhealthtools_phone_data_test.json")
        #expect(m.sampleCount == 990)
        #expect(recording.samples.allSatisfy { $0.timestampSince1970 == nil && $0.timestamp != nil })
        #expect(m.orientation == .portrait && m.orientationWasGuessed)
        #expect(abs(m.start - 90) < 1)
        #expect(m.range < 1)
        #expect(m.minimum <= m.maximum)
        // docs/range-of-motion.md, "What the numbers mean" sanity check: in portrait, start ≈ 90 − asin(−g0.y) in
        // degrees.
        let g0 = try #require(recording.samples.first?.gravity)
        #expect(abs(m.start - (90 - asin(-g0.y) * 180 / Double.pi)) < 0.01)
    }

    @Test(
        "synthetic right knee, portrait: flexion 90° → 10° → 90° gives start ≈ 0, maximum ≈ 80, range ≈ 80, finish ≈ 0")
    func kneePortrait() throws {
        let (_, m) = try measure("synthetic_knee_right_portrait.json")
        #expect(m.sampleCount == 651)
        #expect(m.orientation == .portrait && m.orientationWasGuessed)
        #expect(abs(m.start) < 2)
        #expect(abs(m.maximum - 80) < 2)
        #expect(abs(m.range - 80) < 2)
        #expect(abs(m.finish) < 2)
        #expect(abs(m.minimum) < 2)
    }

    @Test(
        "synthetic left knee, landscape with device x up: guessed landscape, start ≈ 180, minimum ≈ 100, range ≈ 80 (docs/range-of-motion.md, \"What the numbers mean\" table row 3)"
    )
    func kneeLandscape() throws {
        let (_, m) = try measure("synthetic_knee_left_landscape_home_right.json")
        #expect(m.orientation == .landscape && m.orientationWasGuessed)
        #expect(abs(m.start - 180) < 2)
        #expect(abs(m.minimum - 100) < 2)
        #expect(abs(m.maximum - 180) < 2)
        #expect(abs(m.range - 80) < 2)
        #expect(abs(m.finish - 180) < 2)
        // The wrong formula sees almost nothing of a rotation about device y (docs/range-of-motion.md, "What the
        // numbers mean").
        let (_, wrong) = try measure("synthetic_knee_left_landscape_home_right.json", orientation: .portrait)
        #expect(!wrong.orientationWasGuessed)
        #expect(wrong.range < 10)
    }

    @Test(
        "synthetic shoulder 0° → 180° → 0°: crosses the (90°,180°] band shifted by −360°, so maximum ≈ 180 and range ≈ 180"
    )
    func shoulderShiftedBand() throws {
        let (_, m) = try measure("synthetic_shoulder_right_portrait.json")
        #expect(m.orientation == .portrait)
        #expect(abs(m.start) < 2)
        #expect(abs(m.maximum - 180) < 2)
        #expect(abs(m.range - 180) < 2)
        #expect(abs(m.finish) < 2)
        // minAngle = start − maximum; below −180 only through the shift (unshifted angles are > −180).
        #expect(m.start - m.maximum < -180)
    }
}
