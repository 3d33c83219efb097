import Foundation
@testable import RangeOfMotion

/// Helpers shared by the range-of-motion tests.
enum TestSupport {
    /// `../shared/fixtures/motion` relative to the package root (found from this file's path).
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/motion").standardizedFileURL

    /// Whether the shared fixtures are present (tests that need them skip otherwise).
    static let fixturesAvailable = FileManager.default.fileExists(
        atPath: fixtures.appendingPathComponent("SOURCES.md").path)

    /// A fixture's URL.
    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    /// A unit quaternion rotating by `degrees` about device x.
    static func rotationX(_ degrees: Double) -> Quaternion {
        let half = degrees * Double.pi / 360
        return Quaternion(x: sin(half), y: 0, z: 0, w: cos(half))
    }

    /// A unit quaternion rotating by `degrees` about device y.
    static func rotationY(_ degrees: Double) -> Quaternion {
        let half = degrees * Double.pi / 360
        return Quaternion(x: 0, y: sin(half), z: 0, w: cos(half))
    }

    /// A unit quaternion rotating by `degrees` about device z.
    static func rotationZ(_ degrees: Double) -> Quaternion {
        let half = degrees * Double.pi / 360
        return Quaternion(x: 0, y: 0, z: sin(half), w: cos(half))
    }

    /// A recording of these attitudes (no gravity).
    static func recording(_ attitudes: [Quaternion]) -> MotionRecording {
        MotionRecording(samples: attitudes.map { MotionSample(attitude: $0) })
    }

    /// One ORK item as JSON text with the given attitude members text.
    static func item(attitude: String = #""x":0,"y":0,"z":0,"w":1"#, extra: String = "") -> String {
        #"{"attitude":{"# + attitude + "}" + extra + "}"
    }

    /// Decodes JSON text.
    static func decode(_ text: String) throws(MotionRecordingError) -> MotionRecording {
        try MotionRecording.decode(Data(text.utf8))
    }

    /// The error `decode` throws for `text`, or nil when it succeeds.
    static func decodeError(_ text: String) -> MotionRecordingError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }
}

/// `|a − b| ≤ tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
