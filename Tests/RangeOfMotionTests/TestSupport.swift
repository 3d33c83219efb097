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

/// Compares a recording's decoding with Foundation's `JSONDecoder` on the same bytes, field by field and bit by bit.
enum FoundationDecoding {
    private struct Item: Decodable {
        struct Q: Decodable { var x, y, z, w: Double }
        struct V: Decodable { var x, y, z: Double }
        var attitude: Q
        var gravity: V
        var timestamp: Double
    }

    /// The sample counts of both decodings of `data`, and how many fields differ in their bits.
    static func compare(_ data: Data) throws -> (ours: Int, theirs: Int, mismatches: Int) {
        let reference = try JSONDecoder().decode([Item].self, from: data)
        let recording = try MotionRecording.decode(data)
        var mismatches = 0
        for (sample, item) in zip(recording.samples, reference) {
            let ours = [
                sample.attitude.x, sample.attitude.y, sample.attitude.z, sample.attitude.w,
                sample.gravity?.x ?? .nan, sample.gravity?.y ?? .nan, sample.gravity?.z ?? .nan,
                sample.timestamp ?? .nan,
            ]
            let theirs = [
                item.attitude.x, item.attitude.y, item.attitude.z, item.attitude.w,
                item.gravity.x, item.gravity.y, item.gravity.z, item.timestamp,
            ]
            mismatches += zip(ours, theirs).filter { $0.0.bitPattern != $0.1.bitPattern }.count
        }
        return (recording.samples.count, reference.count, mismatches)
    }
}
