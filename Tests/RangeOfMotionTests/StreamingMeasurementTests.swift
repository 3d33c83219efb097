import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import RangeOfMotion

/// `RangeOfMotionCalculator.measure(contentsOf:)` reads the file in chunks and never holds its samples; these tests
/// use recordings the test writes itself, so they run without ../shared/fixtures.
@Suite("Range of motion measured while streaming a recording file")
struct StreamingMeasurementTests {
    typealias T = TestSupport

    /// A knee extension recording of `count` samples at 100 Hz with every ORK field, as JSON text.
    static func recording(count: Int, landscape: Bool = false) -> String {
        var items: [String] = []
        for index in 0..<count {
            let degrees = 40 * (1 - cos(2 * Double.pi * Double(index) / 600))
            let q = landscape ? T.rotationY(degrees) : T.rotationX(90 - degrees)
            let gravity = landscape ? #"{"x":-0.99,"y":0.05,"z":0.1}"# : #"{"x":0.01,"y":-0.98,"z":-0.2}"#
            items.append(
                #"{"attitude":{"y":\#(q.y),"w":\#(q.w),"z":\#(q.z),"x":\#(q.x)},"timestamp":\#(1000 + Double(index) / 100),"#
                    + #""rotationRate":{"x":0.0024733948521316056,"y":5.885325372219086E-3,"z":-1.2e-2},"#
                    + #""gravity":\#(gravity),"magneticField":{"y":0,"z":0,"x":0,"accuracy":-1}}"#)
        }
        return #"{"note":"written by the test","items":[\#n"# + items.joined(separator: ",\n") + "\n],\"end\":[1,{}]}"
    }

    /// Writes `text` to a new temporary file.
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rom-stream-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("streaming gives exactly the values of loading then measuring, over many read chunks, both orientations")
    func sameValues() throws {
        for landscape in [false, true] {
            let url = try Self.file(Self.recording(count: 4_000, landscape: landscape))  // ~1.2 MB: several chunks
            defer { try? FileManager.default.removeItem(at: url) }
            let loaded = try MotionRecording.load(contentsOf: FilePath(url.path))
            #expect(loaded.samples.count == 4_000)
            for orientation in [nil, Orientation.portrait, .landscape] {
                let streamed = try RangeOfMotionCalculator.measure(
                    contentsOf: FilePath(url.path), orientation: orientation)
                #expect(streamed == RangeOfMotionCalculator.measure(loaded, orientation: orientation))
            }
            #expect(
                try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path)).orientation
                    == (landscape ? .landscape : .portrait)
            )
        }
    }

    @Test("streaming reports the errors loading does: missing file, bad item, broken JSON after the items, no samples")
    func sameErrors() throws {
        let good = Self.recording(count: 3)
        let texts = [
            good.replacingOccurrences(of: #""end":[1,{}]"#, with: #""end":[1,{]"#),
            good.replacingOccurrences(of: #"{"attitude":{"y":0.0,"#, with: #"{"attitude":{"y":"0","#),
            #"{"items":[]}"#,
            "[" + T.item(attitude: #""x":0,"y":0,"z":0,"w":2"#) + "]",
        ]
        for text in texts {
            let url = try Self.file(text)
            defer { try? FileManager.default.removeItem(at: url) }
            var loadError: MotionRecordingError?
            var streamError: MotionRecordingError?
            do { _ = try MotionRecording.load(contentsOf: FilePath(url.path)) } catch { loadError = error }
            do { _ = try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path)) } catch { streamError = error }
            #expect(loadError != nil)
            #expect(streamError == loadError, "\(text.prefix(80))")
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rom-missing-\(UUID().uuidString).json")
        #expect(
            throws: MotionRecordingError.file(.cannotRead(path: FilePath(missing.path), errno: .noSuchFileOrDirectory))
        ) {
            try RangeOfMotionCalculator.measure(contentsOf: FilePath(missing.path))
        }
    }
}
