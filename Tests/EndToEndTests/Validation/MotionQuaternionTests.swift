import Foundation
import Testing

/// `regimen motion FILE` with attitudes that are not unit quaternions (issue 11 item 4): close to unit they are
/// normalized (the angles equal the unit recording's), otherwise the file is refused naming the sample.
@Suite("End to end: motion recordings with non-unit quaternions", .serialized)
struct MotionQuaternionTests {
    /// Rotations about device x by these degrees, each quaternion multiplied by `scale[i]`.
    static func recording(_ degrees: [Double], scale: [Double]? = nil) -> String {
        let items = degrees.enumerated().map { index, angle -> String in
            let half = angle * Double.pi / 360
            let factor = scale?[index] ?? 1
            return #"{"attitude":{"x":\#(sin(half) * factor),"y":0,"z":0,"w":\#(cos(half) * factor)},"#
                + #""gravity":{"x":0,"y":-1,"z":0}}"#
        }
        return #"{"items":["# + items.joined(separator: ",") + "]}"
    }

    static let angles = [0.0, 5, 30, 70, 20]

    func measure(_ regimen: RegimenProcess, _ text: String, name: String) throws -> RegimenProcess.Outcome {
        let url = regimen.sandbox.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return try regimen.run(["motion", url.path, "--format", "json"])
    }

    @Test("Quaternions 0.5% too long or short give the same five values as unit ones")
    func normalized() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let unit = try measure(regimen, Self.recording(Self.angles), name: "unit.json")
        let off = try measure(
            regimen, Self.recording(Self.angles, scale: [1.005, 0.995, 1.005, 0.995, 1.005]), name: "off.json")
        #expect(unit.status == 0 && off.status == 0, "\(off.stderr)")
        let expected = try #require(JSONSerialization.jsonObject(with: Data(unit.stdout.utf8)) as? [String: Any])
        let got = try #require(JSONSerialization.jsonObject(with: Data(off.stdout.utf8)) as? [String: Any])
        for field in ["start", "finish", "minimum", "maximum", "range"] {
            let a = try #require(expected[field] as? Double)
            let b = try #require(got[field] as? Double)
            #expect(abs(a - b) < 1e-9, "\(field): \(a) vs \(b)")
        }
    }

    @Test(
        "A zero or far-from-unit quaternion is refused with the sample index, exit 65, no angle printed",
        arguments: [(0.0, "the quaternion is zero"), (1.5, "the quaternion is not of unit length")])
    func refused(factor: Double, words: String) throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let result = try measure(regimen, Self.recording(Self.angles, scale: [1, 1, 1, factor, 1]), name: "bad.json")
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.json: items[3].attitude: \(words)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
