import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import RangeOfMotion

/// Decoding device-motion files (docs/range-of-motion.md, "Recording files").
@Suite("Device-motion recording decoding")
struct RecordingDecodingTests {
    typealias T = TestSupport

    @Test("{\"items\": [...]} and a bare array give the same samples (docs/range-of-motion.md, \"Recording files\")")
    func bothShapes() throws {
        let items = [
            T.item(
                attitude: #""x":0.5,"y":0.5,"z":0.5,"w":0.5"#,
                extra: #","timestamp":1.5,"timestampSince1970":1767261600.25"#),
            T.item(attitude: #""w":0.8,"z":-0.6,"y":0,"x":0"#, extra: #","gravity":{"x":-0.1,"y":-0.9,"z":0.2}"#),
        ].joined(separator: ",")
        let wrapped = try T.decode(#"{"items":["# + items + "]}")
        let bare = try T.decode("[" + items + "]")
        #expect(wrapped == bare)
        #expect(wrapped.samples.count == 2)
        #expect(wrapped.samples[0].attitude == Quaternion(x: 0.5, y: 0.5, z: 0.5, w: 0.5))
        #expect(wrapped.samples[0].timestamp == 1.5)
        #expect(wrapped.samples[0].timestampSince1970 == 1_767_261_600.25)
        #expect(wrapped.samples[0].gravity == nil)
        #expect(wrapped.samples[1].attitude == Quaternion(x: 0, y: 0, z: -0.6, w: 0.8))
        #expect(wrapped.samples[1].gravity == Vector3(x: -0.1, y: -0.9, z: 0.2))
        #expect(wrapped.samples[1].timestamp == nil && wrapped.samples[1].timestampSince1970 == nil)
    }

    @Test(
        "E-notation and long decimals parse to the same Double as the standard library (docs/range-of-motion.md, \"Recording files\")"
    )
    func numbers() throws {
        let texts = [
            "3.2462616333848516E-5", "-1.3654852074649382e-05", "0.0609771140960272896", "1e2", "-2.5E+1", "0",
            "-0", "0.1", "5e-324", "1.7976931348623157e308", "123456789012345678901234567890", "0.30000000000000004",
            "9007199254740993", "2.2250738585072011e-308", "1E22", "1e23", "0.000000000000000000000000001",
            "-0.70707401123963460000000000", "7.0e-10", "100000000000000000000000.5",
        ]
        for text in texts {
            // Carried in gravity.x: the same number reader as attitudes, which must be unit quaternions.
            let recording = try T.decode("[" + T.item(extra: #","gravity":{"x":"# + text + #","y":0,"z":0}"#) + "]")
            let expected = try #require(Double(text))
            #expect(recording.samples[0].gravity?.x.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(
        "number conversion is correctly rounded: 24,000 random values in 17/18/19-digit and E forms match Double(String)"
    )
    func randomNumbers() throws {
        var state: UInt64 = 0x0123_4567_89AB_CDEF
        func nextDouble() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Double(state >> 11) / Double(1 << 53)
            let scale = pow(10, Double(Int(state % 48)) - 24)  // 1e-24 … 1e23
            return (state & 1 == 0 ? 1 : -1) * magnitude * scale
        }
        var texts: [String] = [
            "9007199254740993", "9007199254740995", "18446744073709551615", "1e-22", "9999999999999999999e-22",
        ]
        for _ in 0..<4_000 {
            let value = nextDouble()
            for format in ["%.17g", "%.18g", "%.19g", "%.16e", "%.18E"] { texts.append(String(format: format, value)) }
            texts.append(String(value))
        }
        let items = texts.map { T.item(extra: #","gravity":{"x":"# + $0 + #","y":0,"z":0}"#) }
        let recording = try T.decode("[" + items.joined(separator: ",") + "]")
        var mismatches: [String] = []
        for (text, sample) in zip(texts, recording.samples)
        where sample.gravity?.x.bitPattern != Double(text)?.bitPattern {
            mismatches.append(text)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test(
        "key order is free; unknown fields, nesting, escapes and whitespace are skipped (docs/range-of-motion.md, \"Recording files\")"
    )
    func skipsUnknownContent() throws {
        let text = """
            \u{FEFF}  {
              "header" : {"device": "iPhone \\"12\\" \\\\ \\u00e9\\ud83d\\ude00", "list": [1, -2.5e3, true, false, null, [], {}]},
              "items" : [
                {
                  "magneticField" : {"y":0,"z":0,"x":0,"accuracy":-1},
                  "\\u0061ttitude" : { "w" : 1 , "note" : "}]", "x" : 0, "y" : 0, "z" : 0, "extra": [{"a": [1]}] },
                  "rotationRate" : {"x":1E-3,"y":2,"z":3},
                  "gravity" : {"z" : -1, "x" : 0, "y" : 0, "accuracy": null}
                }\t,\r\n
                {"attitude":{"x":0,"y":0,"z":0,"w":1}}
              ],
              "trailer": "\\/\\b\\f\\n\\r\\t"
            }
            """
        let recording = try T.decode(text)
        #expect(recording.samples.count == 2)
        #expect(recording.samples[0].attitude == Quaternion(x: 0, y: 0, z: 0, w: 1))
        #expect(recording.samples[0].gravity == Vector3(x: 0, y: 0, z: -1))
    }

    @Test("an empty recording is an error, not a zero measurement")
    func emptyRecording() {
        #expect(T.decodeError(#"{"items":[]}"#) == .empty)
        #expect(T.decodeError(" [ ] ") == .empty)
    }

    @Test("each bad field names the item index and field path")
    func fieldErrors() {
        let good = T.item()
        func file(_ bad: String) -> String { "[" + good + "," + good + "," + bad + "]" }
        let cases: [(String, MotionRecordingError, String)] = [
            (
                file(T.item(attitude: #""x":0,"y":0,"z":0,"w":"1""#)),
                .invalidItem(index: 2, field: "attitude.w", problem: .expectedNumber(found: .string)),
                "items[2].attitude.w: expected a number, found a string"
            ),
            (
                file(T.item(attitude: #""x":0,"y":0,"w":1"#)),
                .invalidItem(index: 2, field: "attitude.z", problem: .missing), "items[2].attitude.z: missing"
            ),
            (
                file(#"{"timestamp":1}"#), .invalidItem(index: 2, field: "attitude", problem: .missing),
                "items[2].attitude: missing"
            ),
            (
                file(#"{"attitude":[0,0,0,1]}"#),
                .invalidItem(index: 2, field: "attitude", problem: .expectedObject(found: .array)),
                "items[2].attitude: expected an object, found an array"
            ),
            (
                file("42"), .invalidItem(index: 2, field: "", problem: .expectedObject(found: .number)),
                "items[2]: expected an object, found a number"
            ),
            (
                file(T.item(extra: #","gravity":{"x":null,"y":0,"z":-1}"#)),
                .invalidItem(index: 2, field: "gravity.x", problem: .expectedNumber(found: .null)),
                "items[2].gravity.x: expected a number, found null"
            ),
            (
                file(T.item(extra: #","gravity":{"x":0,"z":-1}"#)),
                .invalidItem(index: 2, field: "gravity.y", problem: .missing), "items[2].gravity.y: missing"
            ),
            (
                file(T.item(extra: #","timestampSince1970":true"#)),
                .invalidItem(index: 2, field: "timestampSince1970", problem: .expectedNumber(found: .boolean)),
                "items[2].timestampSince1970: expected a number, found a boolean"
            ),
            (
                file(T.item(attitude: #""x":1e999,"y":0,"z":0,"w":1"#)),
                .invalidItem(index: 2, field: "attitude.x", problem: .notFinite),
                "items[2].attitude.x: number out of range"
            ),
        ]
        for (text, expected, message) in cases {
            let error = T.decodeError(text)
            #expect(error == expected)
            #expect(error?.description == message)
        }
    }

    @Test("not JSON, wrong root and broken syntax are errors with line and column, never a crash")
    func documentErrors() {
        /// The syntax error at the character after `prefix` (all on line 1).
        func at(_ prefix: String, _ problem: JSONSyntaxError.Problem) -> MotionRecordingError {
            .malformedJSON(JSONSyntaxError(problem: problem, line: 1, column: prefix.utf8.count + 1))
        }
        #expect(T.decodeError("") == at("", .empty))
        #expect(T.decodeError("hello") == at("", .unexpectedCharacter(expected: "a value")))
        #expect(T.decodeError(#""text""#) == .unexpectedRoot(found: .string))
        #expect(T.decodeError("42") == .unexpectedRoot(found: .number))
        #expect(T.decodeError("null") == .unexpectedRoot(found: .null))
        #expect(T.decodeError(#"{"samples":[]}"#) == .missingItems)
        #expect(T.decodeError(#"{"items":{}}"#) == .itemsNotAnArray(found: .object))
        #expect(T.decodeError("[" + T.item() + "] x") == at("[" + T.item() + "] ", .trailingContent))
        let truncated = String(("[" + T.item() + "," + T.item()).dropLast(5))
        #expect(T.decodeError(truncated) == at(truncated, .unexpectedEnd))
        #expect(
            T.decodeError("[" + T.item() + ",]") == at("[" + T.item() + ",", .unexpectedCharacter(expected: "a value")))
        #expect(
            T.decodeError("[" + T.item() + T.item() + "]")
                == at("[" + T.item(), .unexpectedCharacter(expected: "',' or ']'")))
        #expect(
            T.decodeError(#"[{"attitude":{"x":0 "y":0}}]"#)
                == at(#"[{"attitude":{"x":0 "#, .unexpectedCharacter(expected: "',' or '}'")))
        #expect(
            T.decodeError("[\n" + T.item() + "\n}")?.description
                == "not valid JSON: unexpected character (expected ',' or ']') at line 3, column 1")
        for number in ["01", "1.", ".5", "+1", "-", "1e", "1e+", "-a", "0x10", "1.5.2"] {
            let error = T.decodeError("[" + T.item(attitude: #""x":"# + number + #","y":0,"z":0,"w":1"#) + "]")
            guard case .malformedJSON = error else {
                Issue.record("\(number) was accepted or misreported: \(String(describing: error))")
                continue
            }
        }
        let itemStart = "[" + #"{"attitude":{"x":0,"y":0,"z":0,"w":1}"#
        #expect(
            T.decodeError("[" + T.item(extra: #","note":"a\x""#) + "]")
                == at(itemStart + #","note":"a\"#, .invalidEscape))
        #expect(
            T.decodeError("[" + T.item(extra: ",\"note\":\"a\u{01}\"") + "]")
                == at(itemStart + #","note":"a"#, .controlCharacterInString))
        #expect(T.decodeError("[" + T.item(extra: #","flag":tru"#) + "]") != nil)
        let deep = "[" + T.item(extra: ",\"deep\":" + String(repeating: "[", count: 100_000)) + "]"
        #expect(T.decodeError(deep)?.description.contains("nesting deeper than 256 levels") == true)
    }

    @Test("load(contentsOf:) names the file: unreadable files and bad content")
    func fileErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rom-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json")
        #expect(
            throws: MotionRecordingError.file(.cannotRead(path: FilePath(missing.path), errno: .noSuchFileOrDirectory))
        ) {
            try MotionRecording.load(contentsOf: FilePath(missing.path))
        }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"items":[{"attitude":{"x":0,"y":0,"z":0,"w":"x"}}]}"#.utf8).write(to: bad)
        do {
            _ = try MotionRecording.load(contentsOf: FilePath(bad.path))
            Issue.record("accepted a bad file")
        } catch {
            #expect(
                error
                    == .inFile(
                        path: FilePath(bad.path),
                        error: .invalidItem(
                            index: 0, field: "attitude.w", problem: .expectedNumber(found: .string))))
            #expect(error.description == "\(bad.path): items[0].attitude.w: expected a number, found a string")
        }
        let good = folder.appendingPathComponent("good.json")
        try Data(("[" + T.item() + "]").utf8).write(to: good)
        #expect(try MotionRecording.load(contentsOf: FilePath(good.path)).samples.count == 1)
    }

    @Test(
        "the real mhealthtools file decodes bit-for-bit like Foundation's JSONDecoder",
        .enabled(if: T.fixturesAvailable, "../shared/fixtures/motion is absent"))
    func matchesFoundation() throws {
        let data = try Data(contentsOf: T.fixture("mhealthtools_phone_data_test.json"))
        let decoded = try FoundationDecoding.compare(data)
        #expect(decoded.ours == decoded.theirs)
        #expect(decoded.mismatches == 0)
    }
}
