import Foundation
import Testing

/// Ingest of range-of-motion results (issue 11 item 4): an angle ResearchKit cannot compute, or a recording beside
/// the file whose attitudes are not attitudes, rejects the file; a sound one is stored.
@Suite("End to end: ingest of range-of-motion results and their recordings", .serialized)
struct IngestRangeOfMotionTests {
    static let end = "2026-11-20T10:00:00+0000"

    /// A knee range-of-motion result with `range`, referencing the recording `recording` when given.
    static func result(run: Int, range: Double, recording: String?) -> String {
        let file =
            recording.map {
                #", {"_class": "ORKFileResult", "identifier": "deviceMotion", "contentType": "application/json", "#
                    + #""fileName": "\#($0)", "startDate": "\#(end)", "endDate": "\#(end)"}"#
            } ?? ""
        return """
            {"_class": "ORKTaskResult", "identifier": "rangeOfMotionCheck", "taskRunUUID": "\(IngestSandbox.runUUID(run, salt: 12))",
             "startDate": "\(end)", "endDate": "\(end)",
             "results": [
               {"_class": "ORKStepResult", "identifier": "knee.range.of.motion", "startDate": "\(end)", "endDate": "\(end)",
                "results": [{"_class": "ORKRangeOfMotionResult", "identifier": "knee.range.of.motion",
                  "start": 0, "finish": 0, "minimum": 0, "maximum": \(range), "range": \(range),
                  "startDate": "\(end)", "endDate": "\(end)"}\(file)]}]}
            """
    }

    /// Three samples rotating about x; sample 2 multiplied by `factor`.
    static func recording(factor: Double) -> String {
        let items = [0.0, 20, 40].enumerated().map { index, degrees -> String in
            let half = degrees * Double.pi / 360
            let scale = index == 2 ? factor : 1
            return #"{"attitude":{"x":\#(sin(half) * scale),"y":0,"z":0,"w":\#(cos(half) * scale)}}"#
        }
        return #"{"items":["# + items.joined(separator: ",") + "]}"
    }

    @Test(
        "Sound result and recording stored; impossible range and a zero-quaternion recording rejected with their places"
    )
    func batch() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("rom")
        func write(_ text: String, _ name: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        // The result files are named one by one: the recordings beside them are not result files.
        try write(Self.result(run: 1, range: 40, recording: "deviceMotion_good.json"), "good.json")
        try write(Self.recording(factor: 1.003), "deviceMotion_good.json")
        try write(Self.result(run: 2, range: 400, recording: nil), "range.json")
        try write(Self.result(run: 3, range: 40, recording: "deviceMotion_bad.json"), "bad-recording.json")
        try write(Self.recording(factor: 0), "deviceMotion_bad.json")
        let files = ["good.json", "range.json", "bad-recording.json"].map { folder.appendingPathComponent($0).path }
        let result = try sandbox.run(["ingest"] + files + ["--store", sandbox.store])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stdout.contains("ingested 1, unchanged 0, replaced 0, superseded 0, rejected 2"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "range.json: results[0].results[0].range (knee.range.of.motion/knee.range.of.motion): "
                    + "not an angle ResearchKit's measurement can give (0 to 360 degrees)"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "bad-recording.json: results[0].results[1] (knee.range.of.motion/deviceMotion): recording "
                    + "deviceMotion_bad.json: items[2].attitude: the quaternion is zero, not an attitude"),
            "\(result.stdout)")
        let ranges = try sandbox.outcomeRows().compactMap { $0["value"] as? Double }
        #expect(ranges == [40])
    }
}
