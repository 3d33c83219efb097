import Foundation
import SystemPackage
import Testing

@testable import RangeOfMotion

/// The project's own recordings in Tests/Fixtures/Motion (written by `make-recordings.py` there from planned movements,
/// in the layout of docs/range-of-motion.md, "Recording files"). They cover what the shared third-party recordings
/// cover (docs/test-fixtures.md, "Coverage of each shared-file test"), so a clone without ../shared tests it too.
@Suite("Device-motion recordings written by the project")
struct ProjectRecordingTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Motion")

    /// Loads and measures a recording with the orientation guessed (or the one given).
    func measure(_ name: String, orientation: Orientation? = nil) throws -> (MotionRecording, RangeOfMotionMeasurement)
    {
        let recording = try MotionRecording.load(contentsOf: FilePath(Self.folder.appendingPathComponent(name).path))
        return (recording, RangeOfMotionCalculator.measure(recording, orientation: orientation))
    }

    @Test(
        "still phone face up (bare array, E-notation, 19-digit decimals, no timestampSince1970): start ≈ 90, range < 1, portrait guessed"
    )
    func stillPhone() throws {
        let (recording, m) = try measure("still-phone-face-up.json")
        #expect(m.sampleCount == 25)
        #expect(recording.samples.allSatisfy { $0.timestampSince1970 == nil && $0.timestamp != nil })
        #expect(m.orientation == .portrait && m.orientationWasGuessed)
        #expect(abs(m.start - 89.97) < 1e-9)
        #expect(m.range < 1)
        #expect(m.minimum <= m.maximum)
        // The portrait sanity check of docs/range-of-motion.md, "What the numbers mean": start ≈ 90 − asin(−g₀.y).
        let g0 = try #require(recording.samples.first?.gravity)
        #expect(abs(m.start - (90 - asin(-g0.y) * 180 / Double.pi)) < 0.01)
    }

    @Test("the still-phone file decodes bit for bit like Foundation's JSONDecoder (E-notation and 19-digit decimals)")
    func matchesFoundation() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("still-phone-face-up.json"))
        #expect(String(decoding: data, as: UTF8.self).contains("E-04"), "the file must exercise upper-case exponents")
        let decoded = try FoundationDecoding.compare(data)
        #expect(decoded.ours == decoded.theirs)
        #expect(decoded.mismatches == 0)
    }

    @Test("right knee, portrait, extending 0° → 80° → 0°: start 0, minimum 0, maximum 80, range 80, finish 0")
    func kneePortrait() throws {
        let (recording, m) = try measure("knee-right-portrait.json")
        #expect(m.sampleCount == 41)
        #expect(recording.samples.allSatisfy { $0.timestampSince1970 != nil })
        #expect(m.orientation == .portrait && m.orientationWasGuessed)
        #expect(abs(m.start) < 1e-9 && abs(m.finish) < 1e-9 && abs(m.minimum) < 1e-9)
        #expect(abs(m.maximum - 80) < 1e-9)
        #expect(abs(m.range - 80) < 1e-9)
    }

    @Test(
        "left knee, landscape with device x up: landscape guessed, start 180, minimum 100, maximum 180, range 80; portrait sees ~nothing"
    )
    func kneeLandscape() throws {
        let (_, m) = try measure("knee-left-landscape-x-up.json")
        #expect(m.orientation == .landscape && m.orientationWasGuessed)
        #expect(abs(m.start - 180) < 1e-9 && abs(m.finish - 180) < 1e-9)
        #expect(abs(m.minimum - 100) < 1e-9)
        #expect(abs(m.maximum - 180) < 1e-9)
        #expect(abs(m.range - 80) < 1e-9)
        // The wrong formula sees almost nothing of a rotation about device y (docs/range-of-motion.md, "Angle
        // formulas").
        let (_, wrong) = try measure("knee-left-landscape-x-up.json", orientation: .portrait)
        #expect(!wrong.orientationWasGuessed)
        #expect(wrong.range < 10)
    }

    @Test(
        "right shoulder 0° → 182° → 0°: the wrapped angle is shifted by −360°, so maximum and range are 182, not −178")
    func shoulderShiftedBand() throws {
        let (_, m) = try measure("shoulder-right-portrait.json")
        #expect(m.orientation == .portrait)
        #expect(abs(m.start) < 1e-9 && abs(m.finish) < 1e-9)
        #expect(abs(m.maximum - 182) < 1e-9)
        #expect(abs(m.range - 182) < 1e-9)
        // Below −180 only through the shift: unshifted relative angles lie in (−180, 180].
        #expect(m.start - m.maximum < -180)
    }
}
